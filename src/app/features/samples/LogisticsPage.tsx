import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { SamplePage } from "./SamplePage";
import { SampleTable } from "./SampleTable";
import { SectionCard } from "./SectionCard";
import { StatCards } from "./StatCards";
import { StatusBadge } from "./StatusBadge";
import { SHIPMENTS, VEHICLES } from "./sample-data";
import { SHIPMENT_STATUS } from "./sample-labels";
import { useSampleFormat } from "./use-sample-format";

/** /dashboard/logistics: the template's deliveries overview, on the sample seed. */
export function LogisticsPage() {
  const { t } = useLingui();
  const f = useSampleFormat();
  const count = (status: string) => String(SHIPMENTS.filter((s) => s.status === status).length);
  return (
    <SamplePage
      title={t`Logistics`}
      description={t`Today's deliveries and the vehicles carrying them.`}
      actions={
        <Button variant="light" renderRoot={(props) => <Link {...props} to="/dashboard/logistics/fleet" />}>
          <Trans>See the fleet</Trans>
        </Button>
      }
    >
      <StatCards
        stats={[
          {
            label: t`Vehicles on route`,
            value: String(VEHICLES.filter((v) => v.status === "on-route").length),
          },
          { label: t`In transit`, value: count("in-transit") },
          { label: t`Delayed`, value: count("delayed") },
          { label: t`Delivered`, value: count("delivered") },
        ]}
      />
      <SectionCard title={t`Shipments`}>
        <SampleTable
          caption={t`Shipments`}
          rows={SHIPMENTS}
          rowKey={(s) => s.id}
          columns={[
            { header: t`Shipment`, cell: (s) => s.id },
            { header: t`From`, cell: (s) => s.origin, visibleFrom: "sm" },
            { header: t`To`, cell: (s) => s.destination },
            { header: t`Vehicle`, cell: (s) => s.vehicleId, visibleFrom: "md" },
            { header: t`Expected`, cell: (s) => f.dateTime(s.eta), visibleFrom: "md" },
            { header: t`Status`, cell: (s) => <StatusBadge status={SHIPMENT_STATUS[s.status]} /> },
          ]}
        />
      </SectionCard>
    </SamplePage>
  );
}
