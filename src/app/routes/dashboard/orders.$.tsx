import { createFileRoute } from "@tanstack/react-router";
import { OrdersScreen } from "../../features/commerce/OrdersScreen";

/** /dashboard/orders and below (docs/commerce.md): one route whose screens load lazily and read their own search. */
export const Route = createFileRoute("/dashboard/orders/$")({
  component: function Orders() {
    const { _splat = "" } = Route.useParams();
    const search = Route.useSearch() as Record<string, unknown>;
    const navigate = Route.useNavigate();
    return (
      <OrdersScreen
        path={_splat}
        search={search}
        onSearch={(next) => navigate({ to: "/dashboard/orders/$", params: { _splat }, search: next })}
      />
    );
  },
});
