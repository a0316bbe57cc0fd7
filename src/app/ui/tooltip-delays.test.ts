import { describe, expect, it } from "vitest";
import {
  lastPointer,
  notePointer,
  TOOLTIP_ENTER_DELAY,
  TOOLTIP_MAX_WIDTH,
  TOOLTIP_TOUCH_ENTER_DELAY,
  TOOLTIP_TOUCH_LEAVE_DELAY,
  tooltipDelays,
} from "./tooltip-delays";

/** Spec section 9: tooltips open after 100 ms with a mouse; with a finger after 700 ms and stay 1500 ms. */
describe("tooltip delays", () => {
  it("are the spec's constants", () => {
    expect([
      TOOLTIP_ENTER_DELAY,
      TOOLTIP_TOUCH_ENTER_DELAY,
      TOOLTIP_TOUCH_LEAVE_DELAY,
      TOOLTIP_MAX_WIDTH,
    ]).toEqual([100, 700, 1500, 300]);
  });

  it("open after 100 ms and close at once for a mouse or a pen", () => {
    expect(tooltipDelays("mouse")).toEqual({ openDelay: 100, closeDelay: 0 });
    expect(tooltipDelays("pen")).toEqual({ openDelay: 100, closeDelay: 0 });
  });

  it("open after 700 ms and close 1500 ms after the finger lifts for touch", () => {
    expect(tooltipDelays("touch")).toEqual({ openDelay: 700, closeDelay: 1500 });
  });

  it("follow the pointer the user last used, ignoring unknown pointer types", () => {
    // No window here: before any pointer event the app assumes a mouse.
    expect(lastPointer()).toBe("mouse");
    notePointer("touch");
    expect(lastPointer()).toBe("touch");
    expect(tooltipDelays(lastPointer()).openDelay).toBe(700);
    notePointer("");
    notePointer("kinect");
    expect(lastPointer()).toBe("touch");
    notePointer("mouse");
    expect(tooltipDelays(lastPointer())).toEqual({ openDelay: 100, closeDelay: 0 });
  });
});
