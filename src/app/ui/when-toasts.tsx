import { useNotifications } from "@mantine/notifications";
import { type ReactNode, useState } from "react";

/**
 * Renders its children (the toast container) from the first toast on. Mounted with the page, the
 * container's Portal and transition group render it again synchronously in the commit that mounts
 * them: one long task of every first load on a phone, for toasts most visits never show
 * (docs/benchmarks.md, issue 19). A toast shown before waits in the notifications store, as it did
 * before the container mounted at idle. Keep it a leaf: it renders again on every toast.
 */
export function WhenToasts({ children }: { children: ReactNode }) {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? children : null;
}
