/**
 * A link to the sync screen (/dashboard/sync, where waiting and refused writes are listed),
 * navigating inside the app. By href: that screen's route is registered by its own feature.
 */
import { Anchor, type AnchorProps } from "@mantine/core";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";

const SYNC_SCREEN = "/dashboard/sync";

export function SyncScreenLink({ children, ...props }: AnchorProps & { children: ReactNode }) {
  const router = useRouter();
  return (
    <Anchor
      {...props}
      href={SYNC_SCREEN}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        void router.navigate({ href: SYNC_SCREEN });
      }}
    >
      {children}
    </Anchor>
  );
}
