import { useLingui } from "@lingui/react/macro";
import { Code, ScrollArea, Tabs } from "@mantine/core";
import type { ExtractedPage } from "./file-preview-api";

/** Spreadsheets have no page image: each sheet's rows as text, one tab per sheet. */
export function SheetView({
  pages,
  page,
  onPage,
}: {
  pages: ExtractedPage[];
  page: number;
  onPage: (n: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Tabs value={String(page)} onChange={(v) => v && onPage(Number(v))} keepMounted={false}>
      <Tabs.List aria-label={t`Sheets`}>
        {pages.map((p) => {
          const n = p.number;
          return (
            <Tabs.Tab key={n} value={String(n)}>
              {p.name ?? t`Sheet ${n}`}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {pages.map((p) => (
        <Tabs.Panel key={p.number} value={String(p.number)} pt="sm">
          <ScrollArea.Autosize mah="70vh" type="auto">
            <Code block data-testid="sheet-text" style={{ whiteSpace: "pre" }}>
              {p.text}
            </Code>
          </ScrollArea.Autosize>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
