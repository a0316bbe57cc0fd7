/**
 * What the page says before printing: labels without a code, codes no scanner could read on
 * this stock at this printer's resolution — each with the fix (a stock it fits, how short it
 * must be, or a 2D code) — and codes that print as QR codes or Data Matrix instead of bars.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Alert, List } from "@mantine/core";
import { IconAlertTriangle, IconInfoCircle } from "@tabler/icons-react";
import type { LabelSizeId } from "../../../../domain/labels/label-layout";
import type { LabelPlans } from "../../../../domain/labels/label-problems";

export function LabelWarnings({
  problems,
  dpi,
  sizeName,
}: {
  problems: LabelPlans;
  dpi: number;
  sizeName: Record<LabelSizeId, string>;
}) {
  const { t } = useLingui();
  const { noCode, unscannable, asMatrix } = problems;
  return (
    <>
      {noCode + unscannable.length > 0 ? (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t`Check these labels`}
          data-testid="label-warnings"
        >
          <List size="sm" spacing={4}>
            {noCode > 0 ? (
              <List.Item>
                <Plural
                  value={noCode}
                  one="# item has neither a SKU nor a barcode: its label has no barcode."
                  other="# items have neither a SKU nor a barcode: their labels have no barcode."
                />
              </List.Item>
            ) : null}
            {unscannable.map(({ code, plan }) => {
              const fixes: string[] = [];
              if (plan.fixes.stocks.length)
                fixes.push(t`choose the ${plan.fixes.stocks.map((id) => sizeName[id]).join(" / ")}`);
              if (plan.fixes.maxChars) fixes.push(t`shorten the code to ${plan.fixes.maxChars} characters`);
              if (plan.fixes.qr && plan.fixes.datamatrix)
                fixes.push(t`print long codes as QR codes or Data Matrix (above)`);
              else if (plan.fixes.qr) fixes.push(t`print long codes as QR codes (above)`);
              else if (plan.fixes.datamatrix) fixes.push(t`print long codes as Data Matrix (above)`);
              const fix = fixes.join("; ");
              const dots = plan.dotsPerModule.toFixed(1);
              return (
                <List.Item key={code} data-code={code}>
                  {plan.reason === "not-ascii" ? (
                    <Trans>
                      “{code}” has characters a barcode cannot carry (only plain ASCII letters, digits and
                      signs). Fix: {fix}.
                    </Trans>
                  ) : fix ? (
                    <Trans>
                      “{code}” is too long for a barcode on this label at {dpi} dpi: its bars would be {dots}{" "}
                      printer dots wide and a scanner needs 2. Fix: {fix}.
                    </Trans>
                  ) : (
                    <Trans>
                      “{code}” is too long for a barcode on this label at {dpi} dpi: its bars would be {dots}{" "}
                      printer dots wide and a scanner needs 2. Use a shorter code.
                    </Trans>
                  )}
                </List.Item>
              );
            })}
          </List>
        </Alert>
      ) : null}
      {asMatrix.length > 0 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="label-matrix-notes">
          <List size="sm" spacing={4}>
            {asMatrix.map(({ code, symbol, because }) => (
              <List.Item key={code} data-code={code} data-symbol={symbol}>
                {symbol === "datamatrix" ? (
                  <Trans>
                    “{code}” prints as a Data Matrix: it is too long for a barcode on this label at {dpi} dpi.
                  </Trans>
                ) : because === "not-ascii" ? (
                  <Trans>“{code}” prints as a QR code: a barcode cannot carry its characters.</Trans>
                ) : (
                  <Trans>
                    “{code}” prints as a QR code: it is too long for a barcode on this label at {dpi} dpi.
                  </Trans>
                )}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </>
  );
}
