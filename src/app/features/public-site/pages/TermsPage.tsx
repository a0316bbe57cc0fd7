import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../../ui/usePageTitle";
import { LastUpdated } from "../content/LegalMeta";
import { ContentSection, PageIntro } from "../content/PageIntro";
import { SimplePageLayout } from "../layout/SimplePageLayout";

export function TermsPage() {
  const { t } = useLingui();
  usePageTitle(t`Terms of Service`);
  return (
    <SimplePageLayout size="md">
      <PageIntro
        title={<Trans>Terms of Service</Trans>}
        lead={<Trans>These terms apply when you use Blocklot. By creating an account you accept them.</Trans>}
      />
      <LastUpdated />
      <ContentSection title={<Trans>The service</Trans>}>
        <Text>
          <Trans>
            Blocklot prepares and files New York City Real Property Income and Expense statements, Claims of
            Exclusion, Tax Commission schedules and related documents for property owners and managers, helps
            with penalty removal requests, and provides inventory, label and listing tools for resellers.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Your account</Trans>}>
        <Text>
          <Trans>
            You must give accurate details and keep your sign-in private. You are responsible for what happens
            in your account and for the people you invite to your company account. Tell us at once if you
            think someone else has used it.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Filing on your behalf</Trans>}>
        <Text>
          <Trans>
            By asking us to file, you confirm that you own or manage the property or are authorised by its
            owner, and you authorise us to submit the filing on the owner's behalf. You are responsible for
            the accuracy and completeness of the documents you give us; we transfer the figures faithfully but
            do not audit your books unless an audit report is part of your quote.
          </Trans>
        </Text>
        <Text>
          <Trans>
            We can only file on time if we receive complete documents in time. We are not responsible for
            penalties that arise because documents arrived late or were incomplete, or because of decisions of
            the Department of Finance or the Tax Commission. Whether a filing can be corrected after
            submission depends on timing.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Quotes and payment</Trans>}>
        <Text>
          <Trans>
            Prices are quoted for each filing after we review your documents. A quote becomes binding when you
            accept it, and the invoice is paid from your dashboard. If the work turns out to differ materially
            from what the documents showed, we will send a new quote before doing more.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Penalty removal requests</Trans>}>
        <Text>
          <Trans>
            We prepare and submit requests to remove penalties, but the decision belongs to the Department of
            Finance. We do not promise that a penalty will be removed or reduced.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Inventory and marketplace tools</Trans>}>
        <Text>
          <Trans>
            You keep ownership of your inventory data and photos and give us the rights we need to store,
            process and publish them as you direct. Listings on eBay are also subject to eBay's own terms, and
            you are responsible for what you list.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Acceptable use</Trans>}>
        <Text>
          <Trans>
            Do not upload anything you have no right to share, try to reach other customers' data, interfere
            with the service or use it for anything unlawful. We may suspend accounts that do.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>No legal or tax advice</Trans>}>
        <Text>
          <Trans>
            We explain the filing rules as we understand them, but nothing on Blocklot is legal, tax or
            accounting advice. Ask your own adviser about your situation.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Liability</Trans>}>
        <Text>
          <Trans>
            To the extent the law allows, the service is provided as is, and our total liability for any claim
            is limited to the fees you paid us for the filing or service concerned in the twelve months before
            the claim. We are not liable for indirect or consequential losses.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Ending the agreement</Trans>}>
        <Text>
          <Trans>
            You can close your account at any time; fees for work already done remain due. We may end the
            service with notice, or at once if these terms are seriously broken.
          </Trans>
        </Text>
      </ContentSection>
      <ContentSection title={<Trans>Changes, law and contact</Trans>}>
        <Text>
          <Trans>
            We may update these terms and will tell you about important changes before they apply. These terms
            are governed by the laws of the State of New York. Questions:{" "}
            <Anchor component={Link} to="/contact">
              contact us
            </Anchor>
            . See also our{" "}
            <Anchor component={Link} to="/policy">
              Privacy Policy
            </Anchor>
            .
          </Trans>
        </Text>
      </ContentSection>
    </SimplePageLayout>
  );
}
