import { createFileRoute } from "@tanstack/react-router";
import { UserDetailPage } from "../../../features/admin-users/UserDetailPage";

/** /admin/all-user-list/{userId}: one account with its companies, sessions, roles and history. */
export const Route = createFileRoute("/admin/all-user-list/$userId")({
  component: function UserDetail() {
    const { userId } = Route.useParams();
    return <UserDetailPage key={userId} userId={userId} />;
  },
});
