import { createFileRoute } from "@tanstack/react-router";
import { FilingBadge } from "../../features/filing/FilingBadge";
import { PropertiesPage } from "../../features/properties/PropertiesPage";
import { propertiesQueries } from "../../features/properties/properties-api";
import { parsePropertyListSearch, propertyListPage } from "../../features/properties/property-list-search";
import { preloadQuery } from "../../lib/preload-query";

export const Route = createFileRoute("/dashboard/properties")({
  validateSearch: parsePropertyListSearch,
  loaderDeps: ({ search }) => propertyListPage(search),
  // The page of the list the URL names is asked for beside the page's code, not after it rendered.
  loader: ({ deps }) => preloadQuery(propertiesQueries.list(deps)),
  component: function Page() {
    const navigate = Route.useNavigate();
    return (
      <PropertiesPage
        FilingBadge={FilingBadge}
        search={Route.useSearch()}
        onSearch={(next) => navigate({ search: next })}
      />
    );
  },
});
