import { createFileRoute } from "@tanstack/react-router";
import { ArticlesPage } from "../../../features/public-site/pages/ArticlesPage";

export const Route = createFileRoute("/_public/articles/")({
  component: ArticlesPage,
});
