import { defineConfig } from "vitest/config";

/** End-to-end tests: the built product in a real Chromium (see tests/e2e/global-setup.ts). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits for what a person would wait for: vitest's 1 s default failed tests whose
    // page answered a click in 1–3 s on a loaded runner (filing, company switcher). A poll
    // that succeeds returns at once, so this costs passing tests nothing.
    expect: { poll: { timeout: 10_000 } },
    // In CI a test that fails is run once more: a red run throws away everything it checked, and
    // a real browser on a loaded 2-core runner misses a moment now and then. The report marks it
    // "(retry x1)" in yellow, and each session reads CI's log for those (docs/operations.md).
    retry: process.env.CI ? 1 : 0,
    // One file at a time: two side by side (one server and browser each) took longer on 2 cores
    // and missed moments (measured, docs/operations.md "The test suites").
    fileParallelism: false,
    pool: "forks",
  },
});
