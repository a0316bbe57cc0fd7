/**
 * A Vite plugin: Mantine's `useId` without its re-render (issue 19). Mantine 8's hook
 * (@mantine/hooks/esm/use-id/use-id.mjs) starts from React's `useId` and then, in a layout
 * effect, replaces it with a random id — a setState during the commit, so every Popover, Menu,
 * Tooltip, input and Portal that asks for an id renders a second time, synchronously, right
 * after it first appears: on a signed-in first load that is a long task after each commit. The
 * random id was for React 17, which had no `useId`; React's own id is unique, stable and the
 * same in the prerendered HTML and the hydrating client, so it is kept.
 *
 * The file is replaced whole; should Mantine change it, the build fails here instead of
 * silently shipping the old behaviour or a broken hook.
 */
import type { Plugin } from "vite";

const MANTINE_USE_ID = /@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

const STABLE_USE_ID = `import { useReactId } from './use-react-id.mjs';

function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : reactId;
}

export { useId };
`;

export function mantineUseId(): Plugin {
  return {
    name: "blocklot:mantine-use-id",
    enforce: "pre",
    transform(code, id) {
      if (!MANTINE_USE_ID.test(id.split("?")[0] ?? id)) return null;
      if (!code.includes("setUuid(randomId())"))
        throw new Error(`${id} changed upstream: check scripts/mantine-use-id.ts still applies`);
      return { code: STABLE_USE_ID, map: null };
    },
  };
}
