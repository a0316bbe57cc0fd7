import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Container, Group, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ContentSection, PageIntro } from "../content/PageIntro";

export function AboutPage() {
  const { t } = useLingui();
  usePageTitle(t`About Us`);
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>About Us</Trans>}
        title={<Trans>We take the paperwork off property owners' desks</Trans>}
        lead={
          <Trans>
            Blocklot files New York City's annual Real Property Income and Expense statement for property
            owners and managers, and gives resellers the tools to run their inventory.
          </Trans>
        }
      />
      <ContentSection title={<Trans>Why we exist</Trans>}>
        <Text>
          <Trans>
            Every year, owners of income-producing property in New York City have to report their building's
            income and expenses to the Department of Finance. The information already sits in their financial
            statements, but moving it onto the right forms, in the right format, before the deadline takes
            time that owners and managers would rather spend on their buildings. Missing the deadline costs
            money.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>What we do</Trans>}>
        <Text>
          <Trans>
            You add your properties by BBL and upload the statements you already have. Our staff review them,
            quote a price, map the figures onto the RPIE statement and any Tax Commission schedules the
            property needs, and file on your behalf. When a penalty has already been charged, we help you ask
            for its removal.
          </Trans>
        </Text>
        <Text>
          <Trans>
            For resellers we build offline-first tools: import inventory files, scan barcodes and photograph
            items on a phone in the warehouse, describe them, print labels and list them on eBay.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>How we work</Trans>}>
        <Text>
          <Trans>
            People, not only software, handle your filing: every statement is reviewed by our staff before
            anything is submitted. We quote before we charge, we keep your documents private, and we tell you
            plainly what can and cannot be done, for example when a correction is no longer possible.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Join 6,000+ forward-thinking companies</Trans>}>
        <Text>
          <Trans>Talk to us about your properties or your inventory, or see the product for yourself.</Trans>
        </Text>
        <Group>
          <Button component={Link} to="/contact">
            <Trans>Contact Us</Trans>
          </Button>
          <Button component={Link} to="/request-demo" variant="default">
            <Trans>Request Demo</Trans>
          </Button>
        </Group>
      </ContentSection>
    </Container>
  );
}
