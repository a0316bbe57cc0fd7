import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Box, Text, Timeline } from "@mantine/core";
import { IconCheck, IconMessageQuestion, IconPlayerSkipForward } from "@tabler/icons-react";
import type { Filing } from "./filing-api";
import { STATE_LABELS } from "./labels";
import { deriveTimeline } from "./timeline";

const date = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" }) : null;

/** A filing's progress along the pipeline; a question from staff shows beside the current step. */
export function FilingTimeline({ filing }: { filing: Filing }) {
  const { t, i18n } = useLingui();
  const { steps, active, needsInformation } = deriveTimeline(filing);
  const confirmation = filing.confirmationNumber;
  const filedOn = filing.filedOn;
  return (
    <Box component="section" aria-label={t`Filing progress`}>
      <Timeline active={active} bulletSize={22} lineWidth={2} data-testid="filing-timeline">
        {steps.map((s) => {
          const label = i18n._(STATE_LABELS[s.state]);
          const when = date(s.at, i18n.locale);
          return (
            <Timeline.Item
              key={s.state}
              data-testid="timeline-step"
              data-state={s.state}
              data-status={s.status}
              aria-current={s.status === "current" ? "step" : undefined}
              bullet={
                s.status === "done" ? (
                  <IconCheck size={14} aria-hidden />
                ) : s.status === "skipped" ? (
                  <IconPlayerSkipForward size={12} aria-hidden />
                ) : undefined
              }
              title={
                <Text
                  fw={s.status === "current" ? 700 : 500}
                  c={s.status === "upcoming" ? "dimmed" : undefined}
                >
                  {label}
                </Text>
              }
            >
              {s.status === "skipped" && (
                <Text size="xs" c="dimmed">
                  <Trans>Not needed</Trans>
                </Text>
              )}
              {when && s.status !== "skipped" && (
                <Text size="xs" c="dimmed">
                  {when}
                </Text>
              )}
              {s.state === "filed" && filing.state === "filed" && filing.confirmationNumber && (
                <Text size="sm" data-testid="confirmation-number">
                  <Trans>
                    Confirmation number {confirmation}, filed {filedOn}
                  </Trans>
                </Text>
              )}
              {s.status === "current" && needsInformation && (
                <Alert
                  mt="xs"
                  color="orange"
                  icon={<IconMessageQuestion size={18} />}
                  title={t`Needs information`}
                  data-testid="filing-question"
                >
                  {filing.question ?? <Trans>We need more information from you.</Trans>}
                </Alert>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Box>
  );
}
