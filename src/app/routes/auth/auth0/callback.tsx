import { createFileRoute } from "@tanstack/react-router";
import { SplashScreen } from "../../../ui/SplashScreen";

export const Route = createFileRoute("/auth/auth0/callback")({
  component: () => <SplashScreen />,
});
