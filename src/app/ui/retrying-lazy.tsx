import { type ComponentType, useEffect, useState } from "react";

/**
 * A component whose code loads on demand, like React's `lazy`, but whose failed load does not
 * fail the page: should its chunk not arrive (the network went away before the service worker
 * had cached it, on a first visit), `Fallback` stays in its place and the load is tried again
 * each time the browser comes back online. `lazy` would throw to the route's error page instead.
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
      const attempt = () =>
        load().then(
          (c) => {
            loaded = c;
            if (live) setComponent(() => c);
          },
          () => undefined,
        );
      void attempt();
      window.addEventListener("online", attempt);
      return () => {
        live = false;
        window.removeEventListener("online", attempt);
      };
    }, [Component]);
    return Component ? <Component {...props} /> : <Fallback />;
  };
}
