/** The app's Tooltip (Mantine's, with floating-ui) as its own chunk, for components that load it lazily. */
import "./theme/full-styles";

export { AppTooltip as Tooltip } from "./tooltip";
