import { Trans, useLingui } from "@lingui/react/macro";
import { Button, SimpleGrid } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { JobCard } from "./JobCard";
import { SamplePage } from "./SamplePage";
import { StatCards } from "./StatCards";
import { COMPANIES, JOBS } from "./sample-data";

/** /dashboard/jobs: the template's job board, on the sample seed. */
export function JobsPage() {
  const { t } = useLingui();
  return (
    <SamplePage
      title={t`Jobs`}
      description={t`Open positions at companies near you.`}
      actions={
        <Button
          leftSection={<IconPlus size={16} />}
          renderRoot={(props) => <Link {...props} to="/dashboard/jobs/create" />}
        >
          <Trans>Post a job</Trans>
        </Button>
      }
    >
      <StatCards
        stats={[
          { label: t`Open positions`, value: String(JOBS.length) },
          { label: t`Companies hiring`, value: String(COMPANIES.length) },
          { label: t`Full-time roles`, value: String(JOBS.filter((j) => j.type === "full-time").length) },
          { label: t`Contract roles`, value: String(JOBS.filter((j) => j.type === "contract").length) },
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {JOBS.map((job) => (
          <JobCard key={job.id} job={{ ...job, title: t(job.title) }} />
        ))}
      </SimpleGrid>
    </SamplePage>
  );
}
