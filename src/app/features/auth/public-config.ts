import { useQuery } from "@tanstack/react-query";
import { http } from "../../lib/http";

/** GET /api/config: what the app needs to know about this server at run time. */
export interface PublicConfig {
  googleClientId?: string | null;
  /** Microsoft Clarity's project id (CLARITY_PROJECT_ID); null = no analytics at all. */
  clarityProjectId?: string | null;
  /** "outbox" when the server has no mail server (SMTP_URL): mail stays in the admin's outbox. */
  mailDelivery?: "smtp" | "outbox";
}

const publicConfigKeys = { all: ["public-config"] as const };

/** The server's public settings, read once (an unreachable server answers `{}`). */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: publicConfigKeys.all,
    queryFn: async () => {
      try {
        return await http.get<PublicConfig>("/api/config", { anonymous: true });
      } catch {
        return {};
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return data ?? {};
}
