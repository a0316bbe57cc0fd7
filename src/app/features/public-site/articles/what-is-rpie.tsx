import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Bullets, H2, Item, P } from "./ArticleBlocks";
import type { ArticleContent } from "./types";

function Body() {
  return (
    <>
      <P>
        <Trans>
          The Real Property Income and Expense statement, RPIE for short, is the yearly report in which owners
          of income-producing property in New York City tell the Department of Finance what their building
          earned and what it cost to run. The city uses these figures to value the property for real estate
          tax.
        </Trans>
      </P>
      <H2>
        <Trans>Who has to file</Trans>
      </H2>
      <P>
        <Trans>
          Every income-producing property with an assessed value over $40,000 must file. If your property's
          assessed value is $40,000 or less, you do not have to file anything.
        </Trans>
      </P>
      <P>
        <Trans>
          Some properties over the threshold are excluded from the full statement, for example small
          residential buildings and certain owner-occupied properties. Excluded does not mean exempt from
          paperwork: these owners file a Claim of Exclusion instead, every year.
        </Trans>
      </P>
      <H2>
        <Trans>Which version of the statement</Trans>
      </H2>
      <Bullets>
        <Item>
          <Trans>Actual assessed value of $250,000 or less: the short form.</Trans>
        </Item>
        <Item>
          <Trans>Above $250,000: the full statement.</Trans>
        </Item>
        <Item>
          <Trans>$750,000 or more: the full statement plus a rent-roll addendum listing the tenants.</Trans>
        </Item>
      </Bullets>
      <H2>
        <Trans>When it is due</Trans>
      </H2>
      <P>
        <Trans>
          The usual deadline is June 1 each year, and the statement covers the previous calendar year or the
          fiscal year the property's books use. Late or missing statements bring penalties that grow with the
          property's assessed value.
        </Trans>
      </P>
      <H2>
        <Trans>How Blocklot helps</Trans>
      </H2>
      <P>
        <Trans>
          Add your properties by BBL, upload the statements you already have and we work out which filing each
          property needs. After you accept our quote, our staff prepare the forms and file them for you.
        </Trans>
      </P>
    </>
  );
}

export const whatIsRpie: ArticleContent = {
  title: msg`What is the RPIE statement and who must file it?`,
  summary: msg`The yearly income and expense report for NYC property: who files, which form and when.`,
  Body,
};
