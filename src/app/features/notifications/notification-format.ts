/** How the bell shows a count and a date (spec section 9). */
import dayjs from "dayjs";
import { BADGE_MAX } from "../../ui/shell-constants";

/** Spec section 9: badge maximum 99 — more shows as "99+". */
export function badgeLabel(count: number, max = BADGE_MAX): string {
  return count > max ? `${max}+` : String(count);
}

/** Spec section 9: notification dates read "MMM dd, h:mm a", e.g. "Mar 05, 3:07 PM". */
export function formatNotificationDate(value: string | number | Date): string {
  const d = dayjs(value);
  return d.isValid() ? d.format("MMM DD, h:mm A") : "";
}
