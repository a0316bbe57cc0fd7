import { Anchor } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/** A link to the user detail page (/admin/all-user-list/{userId}). */
export function UserLink({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <Anchor
      size="sm"
      fw={600}
      renderRoot={(props) => <Link {...props} to="/admin/all-user-list/$userId" params={{ userId }} />}
    >
      {children}
    </Anchor>
  );
}

/** Dates the lists show: medium date and short time in the reader's language. */
export const useWhen =
  (i18n: { date(d: Date, o: Intl.DateTimeFormatOptions): string }) => (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
