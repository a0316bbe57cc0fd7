import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { LOGIN_PATH } from "../constants";
import { ContentSection, PageIntro } from "../content/PageIntro";
import { PenaltyTable } from "../content/PenaltyTable";

export function PenaltyRemovalPage() {
  const { t } = useLingui();
  usePageTitle(t`Penalty Removal`);
  const steps = [
    {
      id: "review",
      title: <Trans>We review the penalty</Trans>,
      text: (
        <Trans>
          We check the penalty against the property's filing history, its assessed value and the rules for the
          year it was charged.
        </Trans>
      ),
    },
    {
      id: "grounds",
      title: <Trans>We find the grounds</Trans>,
      text: (
        <Trans>
          For example: the statement was filed on time, the property was excluded or below the threshold, or
          the penalty belongs to a previous owner.
        </Trans>
      ),
    },
    {
      id: "prepare",
      title: <Trans>We prepare the request</Trans>,
      text: (
        <Trans>
          We write the request to the Department of Finance and attach the supporting documents. Where a
          statement is still missing, we file it too.
        </Trans>
      ),
    },
    {
      id: "follow",
      title: <Trans>We follow it up</Trans>,
      text: (
        <Trans>
          You see the status of the request in your dashboard until the Department of Finance decides.
        </Trans>
      ),
    },
  ];
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>Penalty Removal</Trans>}
        title={<Trans>Ask for an RPIE penalty to be removed</Trans>}
        lead={
          <Trans>
            If the Department of Finance charged your property a penalty for a late or missing RPIE statement
            or Claim of Exclusion, you may be able to have it removed. We prepare and submit the request for
            you.
          </Trans>
        }
      />
      <ContentSection title={<Trans>How it works</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {steps.map((s, i) => (
            <Card key={s.id} padding="lg">
              <Group gap="sm" mb="xs" wrap="nowrap">
                <ThemeIcon radius="xl" size={32} aria-hidden="true">
                  <Text fw={700} fz="sm" c="inherit">
                    {i + 1}
                  </Text>
                </ThemeIcon>
                <Title order={3} fz="h5">
                  {s.title}
                </Title>
              </Group>
              <Text fz="sm" c="dimmed">
                {s.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </ContentSection>
      <ContentSection title={<Trans>What you need</Trans>}>
        <List spacing="xs">
          <List.Item>
            <Trans>The property's BBL (borough, block and lot).</Trans>
          </List.Item>
          <List.Item>
            <Trans>The penalty notice or the property tax bill that shows the penalty.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Any proof of filing for the year in question, such as a submission confirmation.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              If the property changed hands: the deed or closing statement with the transfer date.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>A short explanation of why the statement was late or missing, if it was.</Trans>
          </List.Item>
        </List>
      </ContentSection>
      <ContentSection title={<Trans>The penalties</Trans>}>
        <PenaltyTable />
      </ContentSection>
      <Alert
        variant="light"
        icon={<IconInfoCircle aria-hidden="true" />}
        mb="xl"
        title={<Trans>Good to know</Trans>}
      >
        <Trans>
          The Department of Finance decides every request, and we cannot promise an outcome. Unpaid penalties
          become a lien on the property, so it is worth acting early.
        </Trans>
      </Alert>
      <Stack gap="xs" align="flex-start">
        <Button
          size="md"
          renderRoot={(props) => (
            // Signed-in visitors pass straight through the login to the request form.
            <Link {...props} to={LOGIN_PATH} search={{ returnTo: "/dashboard/filings?penalty=1" }} />
          )}
        >
          <Trans>Sign in to request penalty removal</Trans>
        </Button>
        <Text fz="sm" c="dimmed">
          <Trans>You start the request from your dashboard once you are signed in.</Trans>
        </Text>
      </Stack>
    </Container>
  );
}
