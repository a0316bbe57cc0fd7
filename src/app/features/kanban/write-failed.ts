/** The message when the device could not keep a board write (Dexie refused it). */
import { t } from "@lingui/core/macro";
import { toast } from "../../ui/toast";

export function failed(error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  toast.error(t`Not saved on this device: ${reason}`);
}
