import { createFileRoute, notFound } from "@tanstack/react-router";
import { DemoAuthPage } from "../../../features/auth/pages/DemoAuthPage";
import {
  DEMO_PAGES,
  DEMO_VARIANTS,
  type DemoPage,
  type DemoVariant,
} from "../../../features/auth/pages/demo-pages";

export const Route = createFileRoute("/auth-demo/$page/$variant")({
  beforeLoad: ({ params }) => {
    if (!(DEMO_PAGES as readonly string[]).includes(params.page)) throw notFound();
    if (!(DEMO_VARIANTS as readonly string[]).includes(params.variant)) throw notFound();
  },
  component: function Demo() {
    const { page, variant } = Route.useParams();
    return <DemoAuthPage page={page as DemoPage} variant={variant as DemoVariant} />;
  },
});
