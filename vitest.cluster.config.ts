import { defineConfig } from "vitest/config";

/** The scaled-out deployment (`npm run cluster`) under test: tests/cluster, one file at a time. */
export default defineConfig({
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    pool: "forks",
  },
});
