import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de", "es"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/app/i18n/locales/{locale}/messages",
      include: ["src/app"],
      exclude: ["**/node_modules/**", "src/app/routeTree.gen.ts", "**/*.test.ts", "**/*.test.tsx"],
    },
  ],
});
