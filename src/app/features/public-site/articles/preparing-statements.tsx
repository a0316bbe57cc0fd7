import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Bullets, H2, Item, P } from "./ArticleBlocks";
import type { ArticleContent } from "./types";

function Body() {
  return (
    <>
      <P>
        <Trans>
          The RPIE statement is only as good as the figures behind it. A little preparation before you upload
          saves questions later and keeps the filing on schedule for June 1.
        </Trans>
      </P>
      <H2>
        <Trans>What to gather</Trans>
      </H2>
      <Bullets>
        <Item>
          <Trans>An income and expense statement or profit and loss statement for the reporting year.</Trans>
        </Item>
        <Item>
          <Trans>The general ledger, if the statement is a summary and you have it.</Trans>
        </Item>
        <Item>
          <Trans>The rent roll, if the property's actual assessed value is $750,000 or more.</Trans>
        </Item>
        <Item>
          <Trans>Accountant-prepared or audited financial statements, if you have them.</Trans>
        </Item>
      </Bullets>
      <H2>
        <Trans>Use the right year and the same basis</Trans>
      </H2>
      <P>
        <Trans>
          Report the calendar year before the filing, or your most recent full fiscal year if the property's
          books use one. Keep the accounting basis, cash or accrual, the same as in your tax returns.
        </Trans>
      </P>
      <H2>
        <Trans>Keep the building separate</Trans>
      </H2>
      <P>
        <Trans>
          If one company owns several buildings, make sure each statement shows one property. Shared costs
          such as management fees should be split between the properties in a way you can explain.
        </Trans>
      </P>
      <H2>
        <Trans>Any format will do</Trans>
      </H2>
      <P>
        <Trans>
          You do not need to retype anything. Upload PDFs, scans or spreadsheets; our staff map each line onto
          the right place on the form and ask you when something is unclear.
        </Trans>
      </P>
    </>
  );
}

export const preparingStatements: ArticleContent = {
  title: msg`Getting your financial statements ready for RPIE`,
  summary: msg`Which documents to gather, which year to report and how to keep each building's figures separate.`,
  Body,
};
