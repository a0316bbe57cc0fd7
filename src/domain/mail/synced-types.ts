/**
 * Mail's synced types (src/domain/sync/entity.ts, docs/offline.md "How to add a synced type"):
 * user types — each record is its owner's alone; the feed carries them in the user's stream.
 */
import { defineSyncedType } from "../sync/entity";
import { MAIL_LABEL_FIELDS, MAIL_MESSAGE_FIELDS } from "./message";

export const MAIL_MESSAGE_TYPE = defineSyncedType({
  entity: "mail-message",
  path: "/api/mail/messages",
  fields: MAIL_MESSAGE_FIELDS,
  scope: "user",
  localTable: "mailMessages",
});

export const MAIL_LABEL_TYPE = defineSyncedType({
  entity: "mail-label",
  path: "/api/mail/labels",
  fields: MAIL_LABEL_FIELDS,
  scope: "user",
  localTable: "mailLabels",
});
