/**
 * The parts of the root layout nothing needs before the page is interactive: the navigation
 * progress bar (nprogress), the PWA update/offline notices and Microsoft Clarity (only with
 * analytics consent).
 * __root.tsx loads this module lazily, just after the first render (after hydration on a
 * prerendered page), so the landing page's critical path does not carry them
 * (scripts/size-budget.ts). The cookie banner and the Settings button are rendered by
 * __root.tsx itself: they belong to the prerendered first paint.
 */
import "../ui/theme/full-styles";
import { ClarityAnalytics } from "../features/cookies/ClarityAnalytics";
import { PwaPrompts } from "../features/pwa/PwaPrompts";
import { useNavigationProgress } from "../ui/progress/useNavigationProgress";

export default function DeferredShell() {
  useNavigationProgress();
  return (
    <>
      <PwaPrompts />
      <ClarityAnalytics />
    </>
  );
}
