import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  startTransition,
  useEffect,
  useState,
} from "react";

/** The first retry after a failed load waits this long; each next one twice as long. */
const FIRST_RETRY_MS = 1_000;
/** The longest wait between two retries while the browser says it is online. */
const LONGEST_RETRY_MS = 30_000;

/**
 * A component whose code loads on demand, like React's `lazy`, but whose failed load does not
 * fail the page: should its chunk not arrive (the network went away before the service worker
 * had cached it, on a first visit), `Fallback` stays in its place and the load is tried again
 * each time the browser comes back online, and, while it says it is online, again after a
 * growing pause: the `online` event can come before requests get through (an interface that is
 * up before its route), and a load that fails then would otherwise wait for the next one.
 * `lazy` would throw to the route's error page instead.
 */
export function retryingLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Fallback: ComponentType = () => null,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function RetryingLazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      let wait = FIRST_RETRY_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const attempt = () => {
        clearTimeout(timer);
        load().then(
          (c) => {
            loaded = c;
            // As a transition: the loaded part renders in slices (the fallback shows meanwhile).
            if (live) startTransition(() => setComponent(() => c));
          },
          () => {
            if (!live || !navigator.onLine) return;
            timer = setTimeout(attempt, wait);
            wait = Math.min(wait * 2, LONGEST_RETRY_MS);
          },
        );
      };
      const backOnline = () => {
        wait = FIRST_RETRY_MS;
        attempt();
      };
      attempt();
      window.addEventListener("online", backOnline);
      return () => {
        live = false;
        clearTimeout(timer);
        window.removeEventListener("online", backOnline);
      };
    }, [Component]);
    return Component ? <Component {...props} /> : <Fallback />;
  };
}

/**
 * React's `lazy` (it suspends, so a part of a prerendered page hydrates in place), whose failed
 * load becomes a `retryingLazy` of the same code: nothing in its place until a later attempt
 * succeeds, instead of the error page. For the parts of the shell that load in the background
 * after the page (toasts, the PWA's notices, the cookie banner, the Settings button): a phone
 * whose connection drops before they arrive keeps the page it is using, camera and all.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().then(
      (c) => ({ default: c }),
      () => ({ default: retryingLazy(load) }),
    ),
  );
}
