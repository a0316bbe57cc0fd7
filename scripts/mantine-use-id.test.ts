import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { mantineUseId } from "./mantine-use-id";

/** The installed @mantine/hooks' use-id module (the file the build replaces). */
const installed = join(
  dirname(createRequire(import.meta.url).resolve("@mantine/hooks")),
  "../esm/use-id/use-id.mjs",
);

function transform(code: string, id: string): string | null {
  const hook = mantineUseId().transform as (code: string, id: string) => { code: string } | null;
  return hook(code, id)?.code ?? null;
}

describe("Mantine's useId without its re-render", () => {
  it("replaces the installed hook with one that keeps React's id and sets no state", () => {
    const original = readFileSync(installed, "utf8");
    expect(original).toContain("setUuid(randomId())");
    const code = transform(original, installed) as string;
    expect(code).not.toContain("useState");
    expect(code).not.toContain("useIsomorphicEffect");
    expect(code).toContain("useReactId");
    expect(code).toMatch(/typeof staticId === "string" \? staticId : reactId/);
    expect(code).toContain("export { useId }");
  });

  it("leaves every other module alone", () => {
    const other = installed.replace("use-id.mjs", "use-react-id.mjs");
    expect(transform(readFileSync(other, "utf8"), other)).toBeNull();
    expect(transform("export const x = 1;", "/src/app/use-id.mjs")).toBeNull();
  });

  it("fails the build when Mantine's file is no longer the one it was written for", () => {
    expect(() => transform("export function useId() { return 'x'; }", installed)).toThrow(/changed upstream/);
  });
});
