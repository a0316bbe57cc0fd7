/**
 * index.html paints the signed-in frame and the page's heading from the HTML when a stored
 * session opens one of SHELL_HEADINGS' pages (`#boot-shell`, over the app's own splash), so a
 * returning user sees the page's place at the first paint instead of a splash while the app's
 * code loads (docs/architecture.md, "The boot shell"; issue 19). The app removes it once it shows
 * the page, or whatever came instead (__root.tsx).
 */
export function removeBootShell(): void {
  document.getElementById("boot-shell")?.remove();
}

let held = false;

/**
 * Keeps the shell while the frame renders its first page after itself (DashboardLayout): the
 * frame alone would show without the heading for a moment. The returned function lets it go.
 */
export function holdBootShell(): () => void {
  held = true;
  return () => {
    held = false;
  };
}

/** Removes the shell unless the frame holds it for its page. */
export function removeBootShellUnlessHeld(): void {
  if (!held) removeBootShell();
}
