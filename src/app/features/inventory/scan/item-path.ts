/** The item's page (issue 7: a found code opens it). */
export const itemPath = (itemId: string) => `/dashboard/${encodeURIComponent(itemId)}/update-inventory`;
