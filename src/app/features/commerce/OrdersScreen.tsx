import { lazy, Suspense } from "react";
import { NotFoundPage } from "../errors/pages";
import { parseOrdersPath } from "./commerce-paths";
import { type OrdersSearch, parseOrdersSearch } from "./commerce-search";

// Loaded when opened, so the route's chunk and the landing page's route table stay small.
const OrdersPage = lazy(() => import("./OrdersPage").then((m) => ({ default: m.OrdersPage })));
const OrderPage = lazy(() => import("./OrderPage").then((m) => ({ default: m.OrderPage })));

/** /dashboard/orders (the company's eBay orders) and /dashboard/orders/{orderId}. */
export function OrdersScreen({
  path,
  search,
  onSearch,
}: {
  path: string;
  search: Record<string, unknown>;
  onSearch(next: OrdersSearch): void;
}) {
  const target = parseOrdersPath(path);
  if (!target) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      {target.screen === "list" ? (
        <OrdersPage search={parseOrdersSearch(search)} onSearch={onSearch} />
      ) : (
        <OrderPage key={target.orderId} orderId={target.orderId} />
      )}
    </Suspense>
  );
}
