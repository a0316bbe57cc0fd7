import { createFileRoute } from "@tanstack/react-router";
import { BlogScreen } from "../../features/blog/BlogScreen";

/**
 * /dashboard/blog, /dashboard/blog/create and /dashboard/blog/{postId} (spec section 2): one route
 * for all, whose screens load lazily and read their own search, so the landing page's route table
 * grows by one entry.
 */
export const Route = createFileRoute("/dashboard/blog/$")({
  component: function Blog() {
    const { _splat = "" } = Route.useParams();
    const search = Route.useSearch() as Record<string, unknown>;
    const navigate = Route.useNavigate();
    return (
      <BlogScreen
        path={_splat}
        search={search}
        onOpen={(next, page) =>
          navigate({
            to: "/dashboard/blog/$",
            params: { _splat: next },
            search: page && page > 1 ? { page } : {},
          })
        }
      />
    );
  },
});
