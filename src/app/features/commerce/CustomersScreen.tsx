import { lazy, Suspense } from "react";
import { NotFoundPage } from "../errors/pages";
import { parseCustomersPath } from "./commerce-paths";
import { type CustomersSearch, parseCustomersSearch } from "./commerce-search";

// Loaded when opened, so the route's chunk and the landing page's route table stay small.
const CustomersPage = lazy(() => import("./CustomersPage").then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => import("./CustomerPage").then((m) => ({ default: m.CustomerPage })));
const CustomerEditPage = lazy(() =>
  import("./CustomerEditPage").then((m) => ({ default: m.CustomerEditPage })),
);

/** /dashboard/customers (the buyers of the company's eBay orders), /{customerId} and /{customerId}/edit. */
export function CustomersScreen({
  path,
  search,
  onSearch,
}: {
  path: string;
  search: Record<string, unknown>;
  onSearch(next: CustomersSearch): void;
}) {
  const target = parseCustomersPath(path);
  if (!target) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      {target.screen === "list" && (
        <CustomersPage search={parseCustomersSearch(search)} onSearch={onSearch} />
      )}
      {target.screen === "customer" && <CustomerPage key={target.username} username={target.username} />}
      {target.screen === "edit" && <CustomerEditPage key={target.username} username={target.username} />}
    </Suspense>
  );
}
