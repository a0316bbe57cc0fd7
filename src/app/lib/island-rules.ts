/**
 * What the island loader of a prerendered public page (scripts/island-loader.ts, inlined into
 * the page) and the app's start (main.tsx) agree on. A prerendered page is read without the
 * app: the app's script is fetched and evaluated only once the visitor reaches for something
 * that needs it (INTENT), and a button clicked before the app handles it is held
 * (CLICK_QUEUED) and clicked again once it does (HYDRATED on #root).
 */

/** Buttons the app must handle (not a form's submit, which index.html holds; not the cookie banner's, which works without the app). */
export const WAITING_BUTTONS = 'button:not([type="submit"]):not([data-testid="cookie-banner"] button)';

/** Elements whose hover, focus, touch or key means the visitor is about to use the app. */
export const INTENT = 'button, input, select, textarea, [role="button"], [aria-haspopup]';

/** On a button clicked before the app could act on it. */
export const CLICK_QUEUED = "data-click-queued";

/** The window property listing the labels of held buttons, which outlive a replaced element. */
export const HELD_LABELS = "__heldClickLabels";

/** On #root once every button of the page is the app's (main.tsx). */
export const HYDRATED = "data-hydrated";

/** On a part of a prerendered page only the app can draw: `ISLAND="visible"` starts the app once it is in view. */
export const ISLAND = "data-island";
