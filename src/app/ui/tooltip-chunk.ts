/** Mantine's Tooltip (with floating-ui) as its own chunk, for components that load it lazily. */
export { Tooltip } from "@mantine/core";
