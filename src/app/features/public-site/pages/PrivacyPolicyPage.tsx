import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Container, List, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { LastUpdated } from "../content/LegalMeta";
import { ContentSection, PageIntro } from "../content/PageIntro";

export function PrivacyPolicyPage() {
  const { t } = useLingui();
  usePageTitle(t`Privacy Policy`);
  return (
    <Container size="md">
      <PageIntro
        title={<Trans>Privacy Policy</Trans>}
        lead={
          <Trans>
            This policy explains what personal information Blocklot collects, why, who we share it with and
            the choices you have.
          </Trans>
        }
      />
      <LastUpdated />
      <ContentSection title={<Trans>Who we are</Trans>}>
        <Text>
          <Trans>
            Blocklot provides a service that files New York City Real Property Income and Expense statements
            and related forms for property owners and managers, and inventory and listing tools for resellers.
            Blocklot is responsible for the personal information described here.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>What we collect</Trans>}>
        <List spacing="xs">
          <List.Item>
            <Trans>
              Account details: your name, email address, phone number and profile photo, and, if you sign in
              with Google, the basic profile Google shares with us. We store passwords only as secure hashes.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Company and property details: your company, the people you invite, your properties' BBLs, and
              the financial statements, rent rolls and other documents you upload for filing.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Inventory data: item descriptions, photos, barcodes and listings, and the authorisation your
              eBay account grants us when you connect it.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Messages you send us through the contact and demo forms or the in-app chat.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Technical data: server logs (IP address, browser, time and page requested) that we keep to run
              and secure the service.
            </Trans>
          </List.Item>
        </List>
      </ContentSection>
      <ContentSection title={<Trans>How we use it</Trans>}>
        <Text>
          <Trans>
            We use your information to provide the service you asked for: to prepare quotes, to prepare and
            file your statements, to run your inventory tools and listings, to answer your messages, to send
            service emails such as account confirmations and filing updates, to keep the service secure and to
            meet our legal obligations. We do not sell your personal information and we do not use your
            financial documents for advertising.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Who we share it with</Trans>}>
        <List spacing="xs">
          <List.Item>
            <Trans>
              The NYC Department of Finance and the NYC Tax Commission, when we file statements or requests on
              your behalf.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>eBay, when you connect your account and ask us to publish listings.</Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Service providers that host our systems, deliver email and process payments, under contracts
              that limit their use of the data to providing those services.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Authorities, when the law requires it.</Trans>
          </List.Item>
        </List>
      </ContentSection>
      <ContentSection title={<Trans>Cookies and local storage</Trans>}>
        <Text>
          <Trans>
            We use a secure cookie to keep you signed in and your browser's local storage to remember your
            language, display settings and whether you accepted the cookie notice. The app also stores data on
            your device so that it works offline. We do not use third-party advertising cookies.
          </Trans>
        </Text>
        <Text mt="sm">
          <Trans>
            Only if you accept analytics in the cookie notice, we also load Microsoft Clarity, which records
            how our pages are used (page views, clicks and scrolling) so that we can improve them, and sets
            its own cookies for that. Without your consent it is never loaded. You can change your choice at
            any time in the settings or with Cookie settings at the foot of every page.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>How long we keep it</Trans>}>
        <Text>
          <Trans>
            We keep your account data while your account is open. Filing documents and records are kept for as
            long as they may be needed to answer questions about a filing or as the law requires, and then
            deleted. Contact and demo requests are deleted once they are no longer needed to answer you.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Security</Trans>}>
        <Text>
          <Trans>
            Data is encrypted in transit, access to documents is limited to your company's users and our
            filing staff, and uploads are stored outside the public web. No system is perfectly secure; if a
            breach affects your data, we will tell you as the law requires.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Your rights</Trans>}>
        <Text>
          <Trans>
            You can see and correct your account details in the app at any time. You can ask us for a copy of
            your personal information, to correct it or to delete it, and you can disconnect your eBay account
            whenever you like. Some records may have to be kept where the law requires.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Children</Trans>}>
        <Text>
          <Trans>The service is meant for businesses and is not directed at children under 16.</Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Changes and contact</Trans>}>
        <Text>
          <Trans>
            If we change this policy we will update the date above and, for important changes, tell you by
            email or in the app. Questions or requests about your data:{" "}
            <Anchor component={Link} to="/contact">
              contact us
            </Anchor>
            .
          </Trans>
        </Text>
      </ContentSection>
    </Container>
  );
}
