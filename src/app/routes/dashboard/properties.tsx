import { createFileRoute } from "@tanstack/react-router";
import { FilingBadge } from "../../features/filing/FilingBadge";
import { PropertiesPage } from "../../features/properties/PropertiesPage";
import { FIRST_PROPERTY_LIST_PAGE, propertiesQueries } from "../../features/properties/properties-api";
import { preloadQuery } from "../../lib/preload-query";

export const Route = createFileRoute("/dashboard/properties")({
  // The first page of the list is asked for beside the page's code, not after it rendered.
  loader: () => preloadQuery(propertiesQueries.list(FIRST_PROPERTY_LIST_PAGE)),
  component: () => <PropertiesPage FilingBadge={FilingBadge} />,
});
