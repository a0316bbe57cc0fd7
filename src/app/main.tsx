import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { startPwa } from "./features/pwa/pwa-store";
import { activateLocale, storedLocale } from "./i18n/i18n";

const container = document.getElementById("root");
if (!container) throw new Error("#root element missing from index.html");

startPwa();

// The remembered language is loaded before the first render so no text flashes in English.
void activateLocale(storedLocale()).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The rest of Mantine's styles (dialogs, tables, pickers...) arrive just after the first
  // render instead of blocking it; see ui/theme/critical-styles.ts.
  void import("./ui/theme/full-styles");
});
