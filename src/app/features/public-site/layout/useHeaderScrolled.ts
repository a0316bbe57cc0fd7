import { useThrottledValue, useWindowScroll } from "@mantine/hooks";
import { SCROLL_THRESHOLD, SCROLL_THROTTLE_MS } from "../constants";

/** True once the window is scrolled beyond 64 px; the scroll position is throttled to 100 ms. */
export function useHeaderScrolled(): boolean {
  const [scroll] = useWindowScroll();
  const y = useThrottledValue(scroll.y, SCROLL_THROTTLE_MS);
  return y > SCROLL_THRESHOLD;
}
