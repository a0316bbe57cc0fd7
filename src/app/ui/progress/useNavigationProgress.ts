import "./nprogress.css";
import { useRouterState } from "@tanstack/react-router";
import NProgress from "nprogress";
import { useEffect } from "react";

// Spec section 9: minimum 0.08, trickle rate 0.02, speed 200 ms.
// nprogress's default template uses role="bar", which is not an ARIA role: the bar is decorative.
NProgress.configure({
  minimum: 0.08,
  trickleSpeed: 200,
  speed: 200,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: ".bar",
});
const TRICKLE_RATE = 0.02;
let trickle: ReturnType<typeof setInterval> | undefined;

function start() {
  NProgress.start();
  clearInterval(trickle);
  trickle = setInterval(() => NProgress.inc(TRICKLE_RATE), 200);
}
function done() {
  clearInterval(trickle);
  NProgress.done();
}

/** Runs the top progress bar while the router loads a new path (route chunks, loaders). */
export function useNavigationProgress() {
  const loading = useRouterState({ select: (s) => s.status === "pending" || s.isLoading });
  useEffect(() => {
    if (loading) start();
    else done();
  }, [loading]);
}
