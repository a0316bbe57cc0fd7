import { defineConfig } from "vitest/config";

/** End-to-end tests: the built product in a real Chromium (see tests/e2e/global-setup.ts). */
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: "forks",
  },
});
