import { createFileRoute } from "@tanstack/react-router";
import { SplashScreen } from "../../../ui/SplashScreen";

export const Route = createFileRoute("/auth/amplify/confirm-register")({
  component: () => <SplashScreen />,
});
