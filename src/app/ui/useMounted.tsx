import { type ReactNode, useEffect, useState } from "react";

/**
 * False during the first render (and on the server), true right after it commits: parts
 * that only exist in the browser render after hydration, so prerendered HTML and the first
 * client render stay identical.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/**
 * Renders its children only after the first commit (never on the server). Keep it a leaf:
 * its state change re-renders only itself, not a parent whose prerendered children are
 * still hydrating (an update reaching a dehydrated Suspense boundary forces React to
 * hydrate all of it at once, in one long task).
 */
export function AfterMount({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useMounted() ? children : fallback;
}
