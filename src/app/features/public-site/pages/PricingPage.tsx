import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { REGISTER_PATH } from "../constants";
import { ContentSection, PageIntro } from "../content/PageIntro";
import { EmailDemoBox } from "../forms/EmailDemoBox";

export function PricingPage() {
  const { t } = useLingui();
  usePageTitle(t`Pricing`);
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>Pricing</Trans>}
        title={<Trans>A quote for your property, not a price list</Trans>}
        lead={
          <Trans>
            No two buildings keep their books the same way. We look at your financial statements first and
            then quote a fixed price for the filing. You pay nothing until you accept the quote.
          </Trans>
        }
      />
      <ContentSection title={<Trans>How quotes work</Trans>}>
        <List type="ordered" spacing="sm">
          <List.Item>
            <Trans>Create an account and add your properties by BBL (borough, block and lot).</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Upload the financial statements for the reporting year: PDFs, scans or spreadsheets.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Our staff review the documents, work out which forms the property needs and send you a quote in
              your dashboard.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Accept the quote and pay the invoice from your dashboard. We then prepare and file the forms on
              your behalf.
            </Trans>
          </List.Item>
        </List>
      </ContentSection>
      <ContentSection title={<Trans>What affects the price</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[
            {
              id: "properties",
              title: <Trans>Number of properties</Trans>,
              text: <Trans>Each BBL is its own filing, so a portfolio is quoted property by property.</Trans>,
            },
            {
              id: "documents",
              title: <Trans>State of the documents</Trans>,
              text: (
                <Trans>
                  Clean spreadsheets take less work than scanned ledgers or statements spread over many files.
                </Trans>
              ),
            },
            {
              id: "forms",
              title: <Trans>Which forms are needed</Trans>,
              text: (
                <Trans>
                  A short form or Claim of Exclusion is simpler than a long form with a rent-roll addendum,
                  TC201 or TC203 schedules or an audit report.
                </Trans>
              ),
            },
            {
              id: "tenants",
              title: <Trans>Tenants and uses</Trans>,
              text: (
                <Trans>
                  Mixed-use buildings, many commercial leases or several income sources mean more lines to
                  map.
                </Trans>
              ),
            },
          ].map((f) => (
            <Card key={f.id} padding="lg">
              <Title order={3} fz="h5" mb={6}>
                {f.title}
              </Title>
              <Text fz="sm" c="dimmed">
                {f.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </ContentSection>
      <ContentSection title={<Trans>What every quote includes</Trans>}>
        <List spacing="xs">
          <List.Item>
            <Trans>Review of your statements by our staff.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Mapping of your figures onto each required form.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Filing with the NYC Department of Finance on your behalf.</Trans>
          </List.Item>
          <List.Item>
            <Trans>The filing status and records kept in your dashboard.</Trans>
          </List.Item>
        </List>
        <Text c="dimmed" fz="sm">
          <Trans>
            If something changes after filing, whether a correction is still possible depends on timing; we
            will tell you what can be done.
          </Trans>
        </Text>
      </ContentSection>
      <Stack gap="sm" align="flex-start">
        <Group>
          <Button component={Link} to={REGISTER_PATH} size="md">
            <Trans>Sign Up</Trans>
          </Button>
          <Button component={Link} to="/request-demo" size="md" variant="default">
            <Trans>Request Demo</Trans>
          </Button>
        </Group>
        <EmailDemoBox />
      </Stack>
    </Container>
  );
}
