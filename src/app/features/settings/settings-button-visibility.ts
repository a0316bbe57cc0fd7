/**
 * Spec section 2: the floating Settings button always shows for unauthenticated visitors;
 * for signed-in ones it shows only on the inventory-photo page.
 */
export function showSettingsButton(isAuthenticated: boolean, pathname: string): boolean {
  if (!isAuthenticated) return true;
  return pathname === "/take-inventory-photo" || pathname.startsWith("/take-inventory-photo/");
}
