import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Lingui macros (t`...`, <Trans>) need their Babel transform in tests too.
  plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } })],
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/server/**/*.test.ts", "scripts/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default leaves one core to itself: one test file at a time on a 2-core runner. The
    // files wait on their databases (PGlite, PostgreSQL) part of the time, so two at once finish
    // the suite sooner there (docs/operations.md, "The test suites").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One migrated PGlite database for the run, copied by each test server (tests/server/harness.ts).
    globalSetup: ["tests/server/global-setup.ts"],
  },
});
