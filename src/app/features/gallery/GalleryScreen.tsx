import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { NotFoundPage } from "../errors/pages";
import { type GalleryPath, parseGalleryPath } from "./gallery-pages";

type Page = LazyExoticComponent<ComponentType>;

// Each page loads when opened, so the route's chunk and the app start stay small.
const PAGES: Record<GalleryPath | "index", Page> = {
  index: lazy(() => import("./pages/GalleryIndexPage")),
  buttons: lazy(() => import("./pages/ButtonsPage")),
  charts: lazy(() => import("./pages/ChartsPage")),
  colors: lazy(() => import("./pages/ColorsPage")),
  "data-display/detail-lists": lazy(() => import("./pages/DetailListsPage")),
  "data-display/quick-stats": lazy(() => import("./pages/QuickStatsPage")),
  "data-display/tables": lazy(() => import("./pages/TablesPage")),
  forms: lazy(() => import("./pages/FormsPage")),
  inputs: lazy(() => import("./pages/InputsPage")),
  "lists/grid-lists": lazy(() => import("./pages/GridListsPage")),
  "lists/grouped-lists": lazy(() => import("./pages/GroupedListsPage")),
  modals: lazy(() => import("./pages/ModalsPage")),
  typography: lazy(() => import("./pages/TypographyPage")),
};

/** /components and /components/{page}: the component gallery (docs/frontend.md, "Component gallery"). */
export function GalleryScreen({ path }: { path: string }) {
  const target = parseGalleryPath(path);
  if (!target) return <NotFoundPage />;
  const Page = PAGES[target];
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
