import { createFileRoute } from "@tanstack/react-router";
import { FilingsPage } from "../../features/filing/FilingsPage";

interface FilingsSearch {
  penalty?: boolean;
  /** A property (its section) or one filing (its card) to scroll to, in `year`'s list. */
  property?: string;
  filing?: string;
  year?: number;
}

const id = (v: unknown) => (typeof v === "string" && /^[\w-]{1,64}$/.test(v) ? v : undefined);

export const Route = createFileRoute("/dashboard/filings")({
  validateSearch: (search: Record<string, unknown>): FilingsSearch => {
    const year = Number(search.year);
    return {
      penalty: search.penalty === true || search.penalty === "1" || search.penalty === 1 || undefined,
      property: id(search.property),
      filing: id(search.filing),
      year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : undefined,
    };
  },
  component: function Filings() {
    const { penalty, ...focus } = Route.useSearch();
    return <FilingsPage penalty={penalty === true} focus={focus} />;
  },
});
