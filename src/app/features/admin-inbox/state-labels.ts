import { useLingui } from "@lingui/react/macro";
import type { InboxState } from "../../../domain/admin/list-sorts";

/** The inbox states as staff read them. */
export function useStateLabels(): Record<InboxState, string> {
  const { t } = useLingui();
  return { new: t`New`, contacted: t`Contacted`, scheduled: t`Scheduled`, closed: t`Closed` };
}
