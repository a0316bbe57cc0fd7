/** Public-site layout constants (spec section 9) and the links the header and footer share. */
export const HEADER_HEIGHT = 64;
/** The header turns translucent with a shadow once the page is scrolled beyond this. */
export const SCROLL_THRESHOLD = 64;
export const SCROLL_THROTTLE_MS = 100;
export const MOBILE_DRAWER_WIDTH = 300;
export const PAGES_MENU_WIDTH = 400;
/** Gap between the bottom of the header and the Pages popover. */
const PAGES_MENU_OFFSET = 16;
/** Height of the "Pages" button (Mantine Button, size sm), centred in the header. */
const PAGES_BUTTON_HEIGHT = 36;
/** The popover is anchored to the button, so its offset adds the space below the button. */
export const PAGES_MENU_GAP_FROM_BUTTON = PAGES_MENU_OFFSET + (HEADER_HEIGHT - PAGES_BUTTON_HEIGHT) / 2;
export const HOVER_CLOSE_DELAY_MS = 50;

export const LOGIN_PATH = "/auth/google/login";
export const REGISTER_PATH = "/auth/google/data-user-register-for-login";

/**
 * The two social-network links of the header menu and footer. PLACEHOLDERS until the
 * product owner confirms the company's own profile addresses.
 */
export const SOCIAL_LINKS = {
  linkedin: "https://www.linkedin.com/company/blocklot",
  facebook: "https://www.facebook.com/blocklot",
} as const;
