import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Accordion, Anchor, Container, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { usePageTitle } from "../../../ui/usePageTitle";
import { PageIntro } from "../content/PageIntro";
import { PenaltyTable } from "../content/PenaltyTable";

interface Faq {
  id: string;
  question: ReactNode;
  answer: ReactNode;
}

function useFaqs(): Faq[] {
  return [
    {
      id: "who",
      question: <Trans>Who must file an RPIE statement?</Trans>,
      answer: (
        <Trans>
          All income-producing properties in New York City with an assessed value over $40,000 must file.
          Properties at or below $40,000 do not have to file.
        </Trans>
      ),
    },
    {
      id: "deadline",
      question: <Trans>When is the deadline?</Trans>,
      answer: (
        <Trans>
          The usual deadline is June 1 each year, for the income and expenses of the previous calendar or
          fiscal year. Upload your statements well before then so there is time to review and file.
        </Trans>
      ),
    },
    {
      id: "penalties",
      question: <Trans>What happens if I file late or not at all?</Trans>,
      answer: (
        <>
          <Text mb="sm">
            <Trans>
              Late or missing filings bring penalties, set by the property's assessed value. Three years in a
              row without a statement can cost 5% of the assessed value, and unpaid penalties become a lien on
              the property.
            </Trans>
          </Text>
          <PenaltyTable />
        </>
      ),
    },
    {
      id: "exclusion",
      question: <Trans>What is a Claim of Exclusion?</Trans>,
      answer: (
        <Trans>
          Some properties over the threshold are excluded from the full statement, for example small
          residential buildings or certain owner-occupied properties. They must still file a Claim of
          Exclusion each year; not filing it costs $100, rising to $500 and $1,000 for consecutive years.
        </Trans>
      ),
    },
    {
      id: "short-form",
      question: <Trans>Can I file the short form?</Trans>,
      answer: (
        <Trans>
          Properties with an actual assessed value of $250,000 or less can use the short form. Properties
          assessed at $750,000 or more also need a rent-roll addendum. We check which applies when we review
          your documents.
        </Trans>
      ),
    },
    {
      id: "documents",
      question: <Trans>What documents do you need?</Trans>,
      answer: (
        <Trans>
          The property's income and expense statements for the reporting year: profit and loss statements,
          operating statements, general ledgers or accountant-prepared financials. Where a rent roll is
          required, the rent roll too. PDFs, scans and spreadsheets are all fine.
        </Trans>
      ),
    },
    {
      id: "pricing",
      question: <Trans>How much does it cost?</Trans>,
      answer: (
        <Trans>
          Pricing depends on the complexity of your financial data and is quoted after we review it. You see
          the quote before you pay. Read{" "}
          <Anchor component={Link} to="/pricing">
            how pricing works
          </Anchor>
          .
        </Trans>
      ),
    },
    {
      id: "who-files",
      question: <Trans>Who files the statement?</Trans>,
      answer: (
        <Trans>
          We do. Our staff map your statements onto the required forms and file them on your behalf. You can
          follow the status in your dashboard.
        </Trans>
      ),
    },
    {
      id: "corrections",
      question: <Trans>Can a filing be corrected after submission?</Trans>,
      answer: (
        <Trans>
          It depends on timing. Before the filing period closes a corrected statement can usually still be
          submitted; later, options are more limited. Contact us as soon as you notice a problem.
        </Trans>
      ),
    },
    {
      id: "penalty-removal",
      question: <Trans>I already received a penalty. Can you help?</Trans>,
      answer: (
        <Trans>
          Yes. We can prepare a penalty removal request for you. See{" "}
          <Anchor component={Link} to="/penalty-removal">
            Penalty Removal
          </Anchor>{" "}
          for how it works and what you need.
        </Trans>
      ),
    },
    {
      id: "inventory",
      question: <Trans>What are the inventory tools?</Trans>,
      answer: (
        <Trans>
          For resellers, Blocklot imports inventory files, scans barcodes and photographs items on phones in
          the warehouse, helps describe items, prints labels and lists them on eBay. The tools work offline
          and sync when you are back online.
        </Trans>
      ),
    },
    {
      id: "data",
      question: <Trans>Is my financial data safe?</Trans>,
      answer: (
        <Trans>
          Your documents are stored privately and only you, the people you invite to your company account and
          our filing staff can see them. Read our{" "}
          <Anchor component={Link} to="/policy">
            Privacy Policy
          </Anchor>
          .
        </Trans>
      ),
    },
  ];
}

export function FaqPage() {
  const { t } = useLingui();
  usePageTitle(t`FAQ`);
  const faqs = useFaqs();
  return (
    <Container size="md">
      <PageIntro
        eyebrow={<Trans>FAQ</Trans>}
        title={<Trans>Frequently asked questions</Trans>}
        lead={<Trans>Answers about RPIE filing, penalties, pricing and our inventory tools.</Trans>}
      />
      <Accordion variant="separated" radius="md" multiple>
        {faqs.map((f) => (
          <Accordion.Item key={f.id} value={f.id}>
            <Accordion.Control>
              <Text component="span" fw={600}>
                {f.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text component="div" fz="sm">
                {f.answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text mt="xl" c="dimmed">
        <Trans>
          Still have a question?{" "}
          <Anchor component={Link} to="/contact">
            Contact us
          </Anchor>
          .
        </Trans>
      </Text>
    </Container>
  );
}
