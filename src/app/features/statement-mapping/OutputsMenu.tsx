import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Menu } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { HttpError } from "../../lib/http";
import { toast } from "../../ui/toast";
import { type MappingRecord, type OutputKind, saveOutput } from "./api";

/** PDF/CSV/XLSX/TC309 of the mapped figures, fetched with the bearer token. */
export function OutputsMenu({ record, disabled }: { record: MappingRecord; disabled?: boolean }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = async (kind: OutputKind) => {
    setBusy(true);
    try {
      await saveOutput(record, kind);
    } catch (e) {
      if (e instanceof HttpError && e.status === 404 && kind === "tc309")
        toast.error(t`The TC309 does not apply to this property.`);
      else {
        const problems =
          e instanceof HttpError
            ? (e.data as { problems?: { message: string }[] } | undefined)?.problems
            : undefined;
        toast.error(
          problems?.length
            ? problems.map((p) => p.message).join("; ")
            : e instanceof Error
              ? e.message
              : String(e),
        );
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} disabled={disabled}>
          <Trans>Outputs</Trans>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => download("pdf")}>
          <Trans>Download PDF</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => download("csv")}>
          <Trans>Download CSV</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => download("xlsx")}>
          <Trans>Download XLSX</Trans>
        </Menu.Item>
        <Menu.Item onClick={() => download("tc309")}>
          <Trans>Download TC309 checklist</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
