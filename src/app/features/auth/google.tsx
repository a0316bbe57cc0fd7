import { useLingui } from "@lingui/react/macro";
import { Box } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useSettings } from "../../lib/settings/use-settings";
import { usePublicConfig } from "./public-config";

interface GoogleIdApi {
  accounts: {
    id: {
      initialize(opts: {
        client_id: string;
        callback(resp: { credential: string }): void;
        ux_mode?: string;
      }): void;
      renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdApi;
  }
}

const ENV_CLIENT_ID = (import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined) || null;

/** The Google client id: from the server's GET /api/config when it has one, else VITE_GOOGLE_CLIENT_ID. */
export function useGoogleClientId(): string | null {
  return usePublicConfig().googleClientId || ENV_CLIENT_ID;
}

let scriptPromise: Promise<GoogleIdApi> | null = null;

/** Loads Google Identity Services once, only when a button is actually shown. */
function loadGis(): Promise<GoogleIdApi> {
  scriptPromise ??= new Promise((resolve, reject) => {
    if (window.google?.accounts) return resolve(window.google);
    const script = document.createElement("script");
    script.src = "https://accounts.google.com/gsi/client";
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error("GIS missing")));
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error("Could not load Google sign-in"));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** Google's own sign-in button; hands the ID-token credential to onCredential. */
export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential(credential: string): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const { i18n } = useLingui();
  const { settings } = useSettings();

  useEffect(() => {
    let cancelled = false;
    loadGis()
      .then((google) => {
        if (cancelled || !ref.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential),
        });
        google.accounts.id.renderButton(ref.current, {
          theme: settings.paletteMode === "dark" ? "filled_black" : "outline",
          size: "large",
          width: 320,
          text: "continue_with",
          locale: i18n.locale,
        });
      })
      .catch((e) => console.warn(e));
    return () => {
      cancelled = true;
    };
  }, [clientId, i18n.locale, settings.paletteMode]);

  return <Box ref={ref} mih={44} display="flex" style={{ justifyContent: "center" }} />;
}
