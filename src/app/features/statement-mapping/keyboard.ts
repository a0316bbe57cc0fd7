/**
 * The mapping table's keyboard model: which line is active and whether its field picker
 * is open. Pure, so it is unit-tested; the page turns key presses into actions with
 * `keyAction` and runs the commands (accept, exclude, …) itself.
 */

export interface KeyboardState {
  /** Index of the active line in the visible list, -1 when there are none. */
  active: number;
  pickerOpen: boolean;
  helpOpen: boolean;
}

export type KeyboardAction =
  | { type: "next" }
  | { type: "previous" }
  | { type: "first" }
  | { type: "last" }
  | { type: "focus"; index: number }
  | { type: "open-picker" }
  | { type: "close-picker" }
  | { type: "toggle-help" }
  | { type: "resize"; count: number };

/** Commands the page carries out on the active line. */
export type LineCommand = "accept" | "exclude" | "ignore-subtotal" | "clear" | "split";

export const initialKeyboard = (count: number): KeyboardState => ({
  active: count > 0 ? 0 : -1,
  pickerOpen: false,
  helpOpen: false,
});

const clamp = (i: number, count: number) => (count === 0 ? -1 : Math.min(count - 1, Math.max(0, i)));

export function keyboardReducer(count: number) {
  return (state: KeyboardState, action: KeyboardAction): KeyboardState => {
    switch (action.type) {
      case "next":
        return { ...state, active: clamp(state.active + 1, count), pickerOpen: false };
      case "previous":
        return { ...state, active: clamp(state.active - 1, count), pickerOpen: false };
      case "first":
        return { ...state, active: clamp(0, count), pickerOpen: false };
      case "last":
        return { ...state, active: clamp(count - 1, count), pickerOpen: false };
      case "focus":
        return { ...state, active: clamp(action.index, count) };
      case "open-picker":
        return state.active < 0 ? state : { ...state, pickerOpen: true };
      case "close-picker":
        return { ...state, pickerOpen: false };
      case "toggle-help":
        return { ...state, helpOpen: !state.helpOpen };
      case "resize":
        return { ...state, active: clamp(Math.max(state.active, 0), action.count) };
    }
  };
}

/** A key press on a line row → what it does, or null when the key is not a shortcut. */
export function keyAction(
  key: string,
  mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {},
): KeyboardAction | { type: "command"; command: LineCommand } | null {
  if (mods.ctrl || mods.meta || mods.alt) return null;
  switch (key) {
    case "ArrowDown":
    case "j":
      return { type: "next" };
    case "ArrowUp":
    case "k":
      return { type: "previous" };
    case "Home":
      return { type: "first" };
    case "End":
      return { type: "last" };
    case "Enter":
      return { type: "open-picker" };
    case "?":
      return { type: "toggle-help" };
    case "a":
      return { type: "command", command: "accept" };
    case "x":
      return { type: "command", command: "exclude" };
    case "s":
      return { type: "command", command: "ignore-subtotal" };
    case "Delete":
    case "Backspace":
      return { type: "command", command: "clear" };
    default:
      return null;
  }
}
