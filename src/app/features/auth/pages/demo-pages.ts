/** The demo auth pages and variants (kept apart from the page so the route guard stays small). */
export const DEMO_PAGES = ["forgot-password", "login", "register", "reset-password", "verify-code"] as const;
export const DEMO_VARIANTS = ["classic", "modern"] as const;
export type DemoPage = (typeof DEMO_PAGES)[number];
export type DemoVariant = (typeof DEMO_VARIANTS)[number];
