import { createFileRoute } from "@tanstack/react-router";
import { CustomersScreen } from "../../features/commerce/CustomersScreen";

/** /dashboard/customers and below (docs/commerce.md): one route whose screens load lazily and read their own search. */
export const Route = createFileRoute("/dashboard/customers/$")({
  component: function Customers() {
    const { _splat = "" } = Route.useParams();
    const search = Route.useSearch() as Record<string, unknown>;
    const navigate = Route.useNavigate();
    return (
      <CustomersScreen
        path={_splat}
        search={search}
        onSearch={(next) => navigate({ to: "/dashboard/customers/$", params: { _splat }, search: next })}
      />
    );
  },
});
