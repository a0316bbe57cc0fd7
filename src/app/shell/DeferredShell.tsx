/**
 * The parts of the root layout nothing needs before the page is interactive: the navigation
 * progress bar (nprogress), the PWA update/offline notices, the floating Settings button and
 * Microsoft Clarity (only with analytics consent).
 * __root.tsx loads this module lazily, just after the first render (after hydration on a
 * prerendered page), so the landing page's critical path does not carry them
 * (scripts/size-budget.ts). The cookie banner is rendered by __root.tsx itself: it belongs to
 * the prerendered first paint.
 */
import "../ui/theme/full-styles";
import { useAuth } from "../features/auth/auth-context";
import { ClarityAnalytics } from "../features/cookies/ClarityAnalytics";
import { PwaPrompts } from "../features/pwa/PwaPrompts";
import { SettingsButton } from "../features/settings/SettingsButton";
import { useNavigationProgress } from "../ui/progress/useNavigationProgress";

export default function DeferredShell() {
  const { isInitialized } = useAuth();
  useNavigationProgress();
  return (
    <>
      <PwaPrompts />
      <ClarityAnalytics />
      {isInitialized ? <SettingsButton /> : null}
    </>
  );
}
