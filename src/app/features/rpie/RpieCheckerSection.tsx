import { Trans, useLingui } from "@lingui/react/macro";
import { Container, Loader, Text, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { ISLAND } from "../../lib/island-rules";
import { AfterMount } from "../../ui/useMounted";

// Loaded after the page: the form and its rules stay out of the landing page's first load.
const RpieChecker = lazy(() => import("./RpieChecker").then((m) => ({ default: m.RpieChecker })));

/** "Do I have to file?": a titled section holding the public RPIE checker. */
export function RpieCheckerSection() {
  const { t } = useLingui();
  const loader = <Loader role="status" aria-label={t`Loading`} />;
  return (
    // On a prerendered page the app starts once this section is in view (scripts/island-loader.ts).
    <Container
      size="lg"
      py="xl"
      component="section"
      aria-labelledby="rpie-checker-title"
      {...{ [ISLAND]: "visible" }}
    >
      <Title order={2} id="rpie-checker-title" mb="xs">
        <Trans>Do I have to file?</Trans>
      </Title>
      <Text c="dimmed" mb="lg">
        <Trans>
          Enter your property's facts to see whether it must file an RPIE statement or a Claim of Exclusion,
          which form, the deadline and the penalty for missing it.
        </Trans>
      </Text>
      {/* Browser only: a prerendered form would drop what is typed into it before it hydrates. */}
      <AfterMount fallback={loader}>
        <Suspense fallback={loader}>
          <RpieChecker />
        </Suspense>
      </AfterMount>
    </Container>
  );
}
