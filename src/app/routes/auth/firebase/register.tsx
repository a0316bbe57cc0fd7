import { createFileRoute } from "@tanstack/react-router";
import { RegisterFormPage } from "../../../features/auth/pages/RegisterPages";

export const Route = createFileRoute("/auth/firebase/register")({
  component: () => <RegisterFormPage />,
});
