/**
 * The app's tooltip: Mantine's one openDelay/closeDelay set from the pointer the user is
 * using (spec section 9), so a finger gets 700 ms to open and 1500 ms before closing.
 */
import { Tooltip, type TooltipProps } from "@mantine/core";
import { useTooltipDelays } from "./tooltip-delays";

/** Mantine's Tooltip with the spec's delays for mouse and touch (explicit props still win). */
export function AppTooltip(props: TooltipProps) {
  const delays = useTooltipDelays();
  return <Tooltip {...delays} {...props} />;
}
