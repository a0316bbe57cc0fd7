import { VisuallyHidden } from "@mantine/core";
import type { FormEvent } from "react";

/** The honeypot's field name; the server ignores a form that fills it (public-site/spam.ts). */
const HONEYPOT = "website";

/**
 * A field only bots fill: off screen, hidden from screen readers (aria-hidden), out of the tab
 * order and never autofilled, so a person cannot fill it by accident.
 */
export function HoneypotField() {
  return (
    <VisuallyHidden aria-hidden>
      <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
    </VisuallyHidden>
  );
}

/** The honeypot's value to send with the form body, when a bot filled it. */
export function honeypotOf(event: FormEvent<HTMLFormElement> | undefined): { website?: string } {
  const value = event ? new FormData(event.currentTarget).get(HONEYPOT) : null;
  return typeof value === "string" && value ? { website: value } : {};
}
