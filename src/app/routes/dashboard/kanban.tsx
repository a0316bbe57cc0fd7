import { createFileRoute } from "@tanstack/react-router";
import { KanbanPage } from "../../features/kanban/KanbanPage";

export const Route = createFileRoute("/dashboard/kanban")({ component: KanbanPage });
