import { createFileRoute } from "@tanstack/react-router";
import { AuthGuard } from "../features/auth/guards";
import { GalleryScreen } from "../features/gallery/GalleryScreen";
import { QueryProvider } from "../lib/QueryProvider";
import { DashboardLayout } from "../shell/DashboardLayout";

/**
 * /components and its pages (spec section 2): the component gallery, for any signed-in user (spec
 * section 6 names no role for it). One splat route, so the route table grows by one entry.
 */
export const Route = createFileRoute("/components/$")({
  component: function Components() {
    const { _splat = "" } = Route.useParams();
    return (
      <QueryProvider>
        <AuthGuard>
          <DashboardLayout>
            <GalleryScreen path={_splat} />
          </DashboardLayout>
        </AuthGuard>
      </QueryProvider>
    );
  },
});
