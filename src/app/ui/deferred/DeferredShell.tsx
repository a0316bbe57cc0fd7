/**
 * The parts of the root layout nothing needs before the page is interactive: the navigation
 * progress bar (nprogress), the PWA update/offline notices, the floating Settings button and
 * the cookie banner. __root.tsx loads this module lazily, just after the first render, so the
 * landing page's critical path does not carry them (scripts/size-budget.ts).
 */
import "../theme/full-styles";
import { useAuth } from "../../features/auth/auth-context";
import { CookieBanner } from "../../features/cookies/CookieBanner";
import { PwaPrompts } from "../../features/pwa/PwaPrompts";
import { SettingsButton } from "../../features/settings/SettingsButton";
import { useNavigationProgress } from "../progress/useNavigationProgress";

export default function DeferredShell() {
  const { isInitialized } = useAuth();
  useNavigationProgress();
  return (
    <>
      <PwaPrompts />
      {isInitialized ? <SettingsButton /> : null}
      <CookieBanner />
    </>
  );
}
