import { useLingui } from "@lingui/react/macro";
import { Pagination } from "@mantine/core";

/**
 * The page buttons under a list (pages count from 1), hidden when everything fits on one page.
 * Every button has a name: Mantine's page and arrow buttons have no text of their own (axe:
 * button-name).
 */
export function ListPager({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange(page: number): void;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={Math.min(page, pages)}
      onChange={onChange}
      aria-label={t`Pages`}
      getControlProps={(control) => ({
        "aria-label":
          control === "next"
            ? t`Next page`
            : control === "previous"
              ? t`Previous page`
              : control === "first"
                ? t`First page`
                : t`Last page`,
      })}
      getItemProps={(n) => ({ "aria-label": t`Page ${n}` })}
    />
  );
}
