import { createFileRoute } from "@tanstack/react-router";
import { CoursePage } from "../../features/academy/CoursePage";

/** /dashboard/academy/courses/{courseId}: one course's lessons (docs/academy.md). */
export const Route = createFileRoute("/dashboard/academy/courses/$courseId")({
  component: function Course() {
    const { courseId } = Route.useParams();
    return <CoursePage key={courseId} courseId={courseId} />;
  },
});
