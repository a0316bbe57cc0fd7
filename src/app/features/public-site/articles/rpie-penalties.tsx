import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { PenaltyTable } from "../content/PenaltyTable";
import { Bullets, H2, Item, P } from "./ArticleBlocks";
import type { ArticleContent } from "./types";

function Body() {
  return (
    <>
      <P>
        <Trans>
          Missing the RPIE deadline is expensive. Since 2014 the penalty has been a flat amount set by the
          property's final actual assessed value for the year the statement was due, under 19 RCNY § 33-03.
        </Trans>
      </P>
      <H2>
        <Trans>The penalty schedule</Trans>
      </H2>
      <PenaltyTable />
      <H2>
        <Trans>Repeated failures</Trans>
      </H2>
      <Bullets>
        <Item>
          <Trans>
            Three consecutive years without a statement can bring a penalty of 5% of the final actual assessed
            value.
          </Trans>
        </Item>
        <Item>
          <Trans>
            A Claim of Exclusion that was required but not filed costs up to $100 for one year, $500 for two
            consecutive years and $1,000 for three or more.
          </Trans>
        </Item>
      </Bullets>
      <H2>
        <Trans>Why it matters beyond the fine</Trans>
      </H2>
      <P>
        <Trans>
          Unpaid penalties become a lien on the property, which can hold up a sale or a refinancing. Without
          your figures, the Department of Finance also has to value the property from its own estimates.
        </Trans>
      </P>
      <H2>
        <Trans>If you have already been penalised</Trans>
      </H2>
      <P>
        <Trans>
          Penalties are sometimes charged in error: the statement was filed, the property was excluded, or the
          penalty belongs to a previous owner. In those cases a removal request can succeed. Blocklot prepares
          these requests for owners; the Department of Finance makes the decision.
        </Trans>
      </P>
    </>
  );
}

export const rpiePenalties: ArticleContent = {
  title: msg`RPIE penalties explained`,
  summary: msg`What a late or missing RPIE statement or Claim of Exclusion costs, and what to do if you were penalised.`,
  Body,
};
