import { type ReactNode, startTransition, useEffect, useState } from "react";
import { whenIdle } from "../lib/when-idle";

/** False until the browser was idle once after the first commit (lib/when-idle.ts). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  // As a transition: what appears renders in slices between which the page stays responsive.
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}

/**
 * Renders its children only once the browser is idle after the first paint: parts of a frame
 * nobody needs to see the page (the top bar's menus, badges that fetch their counts) load and
 * run after the page's own code and data instead of before them. Keep it a leaf, like AfterMount.
 */
export function AfterIdle({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useIdle() ? children : fallback;
}
