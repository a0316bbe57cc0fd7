import { createFileRoute } from "@tanstack/react-router";
import { UserViewPage } from "../../../features/admin-users/UserViewPage";

/** /admin/view/{userId}: a read-only view of what the user sees; each view is audited by the server. */
export const Route = createFileRoute("/admin/view/$userId")({
  component: function ViewAsUser() {
    const { userId } = Route.useParams();
    return <UserViewPage key={userId} userId={userId} />;
  },
});
