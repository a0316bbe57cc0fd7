import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, SimpleGrid, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { JobCard } from "./JobCard";
import { SamplePage } from "./SamplePage";
import { SectionCard } from "./SectionCard";
import { StatCards } from "./StatCards";
import { COMPANIES, JOBS } from "./sample-data";

/** /dashboard/jobs/companies/{companyId}: one sample company and its open positions. */
export function JobCompanyPage({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const company = COMPANIES.find((c) => c.id === companyId);
  const crumbs = [{ label: t`Jobs`, to: "/dashboard/jobs" as const }];
  if (!company) {
    return (
      <SamplePage title={t`Company not found`} crumbs={crumbs}>
        <Alert color="yellow" title={t`There is no such company`}>
          <Trans>
            The link may be old.{" "}
            <Anchor component={Link} to="/dashboard/jobs">
              See all jobs
            </Anchor>
            .
          </Trans>
        </Alert>
      </SamplePage>
    );
  }
  const jobs = JOBS.filter((j) => j.companyId === company.id);
  return (
    <SamplePage title={company.name} description={t(company.industry)} crumbs={crumbs}>
      <StatCards
        stats={[
          { label: t`Location`, value: company.location },
          { label: t`Employees`, value: String(company.employees) },
          { label: t`Open positions`, value: String(jobs.length) },
        ]}
      />
      <SectionCard title={t`About`}>
        <Text>{t(company.about)}</Text>
      </SectionCard>
      <SectionCard title={t`Open positions`}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {jobs.map((job) => (
            <JobCard key={job.id} job={{ ...job, title: t(job.title) }} headingLevel={3} />
          ))}
        </SimpleGrid>
      </SectionCard>
    </SamplePage>
  );
}
