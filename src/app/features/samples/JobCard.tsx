import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { StatusBadge } from "./StatusBadge";
import { COMPANIES, type JobType } from "./sample-data";
import { JOB_TYPE } from "./sample-labels";
import { useSampleFormat } from "./use-sample-format";

export interface JobCardJob {
  title: string;
  companyId: string;
  location: string;
  type: JobType;
  salary: readonly [number, number];
  posted?: string;
}

/** One job offer: the jobs list, a company's page and the new job's preview. */
export function JobCard({ job, headingLevel = 2 }: { job: JobCardJob; headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const f = useSampleFormat();
  const company = COMPANIES.find((c) => c.id === job.companyId);
  const from = f.usd(job.salary[0], 0);
  const to = f.usd(job.salary[1], 0);
  return (
    <Card withBorder padding="md" component="article" aria-label={job.title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={headingLevel} size="h4">
            {job.title}
          </Title>
          <StatusBadge status={JOB_TYPE[job.type]} />
        </Group>
        {company && (
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to="/dashboard/jobs/companies/$companyId" params={{ companyId: company.id }} />
            )}
          >
            {company.name}
          </Anchor>
        )}
        <Text size="sm" c="dimmed">
          {job.location} ·{" "}
          <Trans>
            {from} to {to} a year
          </Trans>
        </Text>
        {job.posted && (
          <Text size="xs" c="dimmed">
            {t`Posted ${f.date(job.posted)}`}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
