import { useLingui } from "@lingui/react/macro";
import { Badge } from "@mantine/core";
import type { InvoiceStatus } from "../../../../domain/filing";
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from "../labels";

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" data-testid="invoice-status">
      {i18n._(INVOICE_STATUS_LABELS[status])}
    </Badge>
  );
}

export const shortDate = (iso: string | null, locale: string) =>
  iso ? new Date(iso).toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" }) : "—";
