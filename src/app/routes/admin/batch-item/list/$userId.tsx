import { createFileRoute } from "@tanstack/react-router";
import { UserBatchesPage } from "../../../../features/admin-users/UserBatchesPage";

/** /admin/batch-item/list/{userId}: the import batches of the user's companies with their items. */
export const Route = createFileRoute("/admin/batch-item/list/$userId")({
  component: function UserBatches() {
    const { userId } = Route.useParams();
    return <UserBatchesPage key={userId} userId={userId} />;
  },
});
