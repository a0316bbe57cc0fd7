/**
 * Sizes of the dashboard frame and of the menus that sit in its top bar (spec section 9), and the
 * contact details it shows. In ui, below the features, because the company switcher, the
 * notifications button and the contact page use them too; the frame itself is src/app/shell.
 */
export const TOP_BAR_HEIGHT = 64;
export const NAV_WIDTH = 280;
export const HORIZONTAL_NAV_HEIGHT = 48;
export const COMPANY_MENU_WIDTH = 180;
export const ACCOUNT_MENU_WIDTH = 200;
export const NOTIFICATIONS_POPOVER_WIDTH = 380;
export const NOTIFICATIONS_LIST_MAX_HEIGHT = 400;
export const BADGE_MAX = 99;

/**
 * Contact details shown in the top bar. PLACEHOLDERS until the product owner confirms
 * the real support phone number and address.
 */
export const CONTACT_PHONE = "+1 (212) 555-0147";
export const CONTACT_EMAIL = "support@blocklot.app";

/** The "Need help" block's Documentation link: the FAQ until user documentation exists. */
export const DOCUMENTATION_URL = "/faq";
