/**
 * index.html paints the signed-in frame and the page's heading from the HTML when a stored
 * session opens one of SHELL_HEADINGS' pages (`#boot-shell`, over the app's own splash), so a
 * returning user sees the page's place at the first paint instead of a splash while the app's
 * code loads (docs/architecture.md, "The boot shell"; issue 19). The app removes it once it shows
 * something of its own: its frame (DashboardLayout) or any page outside the frame (__root).
 */
export function removeBootShell(): void {
  document.getElementById("boot-shell")?.remove();
}
