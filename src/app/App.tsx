import { RouterProvider } from "@tanstack/react-router";
import { AppI18nProvider } from "./i18n/AppI18nProvider";
import { router } from "./router";
import { AppThemeProvider } from "./ui/theme/AppThemeProvider";

export function App() {
  return (
    <AppI18nProvider>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </AppI18nProvider>
  );
}
