/** Mantine's Tooltip (with floating-ui) as its own chunk, for components that load it lazily. */
import "./theme/full-styles";

export { Tooltip } from "@mantine/core";
