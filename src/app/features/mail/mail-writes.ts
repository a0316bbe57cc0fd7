/**
 * The mail screen's writes (docs/mail.md "The screen"): each changes Dexie and queues its request
 * through the sync engine, like every synced type, so reading, starring, moving, drafting and
 * sending all work offline. Sending is one PATCH of the draft's `state` to "outbox": the outbox
 * sends it once (its Idempotency-Key) when the device is online.
 */
import type {
  MailLabel,
  MailLabelFields,
  MailMessage,
  MailMessageFields,
} from "../../../domain/mail/message";
import { MAIL_LABEL_TYPE, MAIL_MESSAGE_TYPE } from "../../../domain/mail/synced-types";
import { newId } from "../../../sync/outbox";
import type { AppSyncEngine } from "../../offline/synced-types";
import type { DraftFields } from "./mail-model";
import { movedLabels, toggledLabel } from "./mail-model";

const ENTITY = MAIL_MESSAGE_TYPE.entity;

export function mailWrites(engine: AppSyncEngine, companyId: string, userId: string) {
  const { write, db } = engine;
  const patch = (id: string, changes: Partial<MailMessageFields>) =>
    write.patch<MailMessage>(ENTITY, id, changes);
  return {
    setRead: (ids: readonly string[], read: boolean) => Promise.all(ids.map((id) => patch(id, { read }))),
    setStarred: (m: MailMessage, on: boolean) =>
      patch(m.id, { labels: toggledLabel(m.labels, "starred", on) }),
    /** Moves messages to a label; answers their labels before, for Undo. */
    moveTo: async (messages: readonly MailMessage[], target: string) => {
      const before = messages.map((m) => ({ id: m.id, labels: m.labels }));
      for (const m of messages) await patch(m.id, { labels: movedLabels(m.labels, target) });
      return before;
    },
    restoreLabels: async (before: readonly { id: string; labels: string[] }[]) => {
      for (const b of before) await patch(b.id, { labels: b.labels });
    },
    /**
     * Saves a draft (a new one with `id` when the device has none). The local row gets its owner
     * and thread at once (the server sets both; a reply's thread is its message's) so that the
     * drafts list shows it offline.
     */
    saveDraft: async (id: string, fields: DraftFields, threadId: string) => {
      const existing = await db.mailMessages.get(id);
      if (existing) return patch(id, fields);
      const row = await write.put<MailMessage>(ENTITY, companyId, id, {
        ...fields,
        labels: ["drafts"],
        read: true,
        state: "draft",
      } satisfies MailMessageFields);
      await db.mailMessages
        .where("id")
        .equals(id)
        .modify((m) => {
          m.userId ??= userId;
          m.threadId ??= threadId;
          m.from ??= "";
          m.fromName ??= "";
          m.text ??= "";
          m.messageId ??= "";
          m.references ??= [];
          m.sentAt ??= null;
        });
      return row;
    },
    /** Puts a saved draft in the outbox (sent by the server in that write, once). */
    send: (id: string) => patch(id, { state: "outbox" }),
    discard: (id: string) => write.remove(ENTITY, id),
    /** A label of the user's own (its owner set on the device at once, so the list shows it offline). */
    addLabel: async (name: string) => {
      const id = newId();
      await write.put<MailLabel>(MAIL_LABEL_TYPE.entity, companyId, id, {
        name,
        colour: "blue",
      } satisfies MailLabelFields);
      await db.mailLabels
        .where("id")
        .equals(id)
        .modify((l) => {
          l.userId ??= userId;
        });
      return id;
    },
    renameLabel: (id: string, name: string) =>
      write.patch<MailLabel>(MAIL_LABEL_TYPE.entity, id, { name } satisfies Partial<MailLabelFields>),
    /**
     * Deletes a label of the user's own: its messages stay and lose it (one PATCH of `labels`
     * each, queued like every write), then the label goes (a DELETE). Answers how many messages
     * carried it.
     */
    deleteLabel: async (id: string) => {
      const carrying = await db.mailMessages
        .where("labels")
        .equals(id)
        .filter((m) => m.userId === userId)
        .toArray();
      for (const m of carrying) await patch(m.id, { labels: m.labels.filter((l) => l !== id) });
      await write.remove(MAIL_LABEL_TYPE.entity, id);
      return carrying.length;
    },
  };
}

export type MailWrites = ReturnType<typeof mailWrites>;
