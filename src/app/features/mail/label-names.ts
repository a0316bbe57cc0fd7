/** The built-in labels' names in words (the user's own labels carry their name). */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { SystemLabel } from "./mail-model";

export const SYSTEM_LABEL_NAMES: Record<SystemLabel, MessageDescriptor> = {
  inbox: msg`Inbox`,
  sent: msg`Sent`,
  drafts: msg`Drafts`,
  starred: msg`Starred`,
  important: msg`Important`,
  spam: msg`Spam`,
  trash: msg`Trash`,
};
