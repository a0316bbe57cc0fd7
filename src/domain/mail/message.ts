/**
 * Mail (issue 14, docs/mail.md): each user's own mailbox. A message belongs to one user (a copy
 * per mailbox: the sender's in "sent", each product recipient's in "inbox"); messages of one
 * conversation share a `threadId` (the first message's id, found through In-Reply-To/References).
 * Labels are the system ones below and the user's own (`mail-label` records, by id).
 */

export const SYSTEM_LABELS = ["inbox", "sent", "drafts", "starred", "important", "spam", "trash"] as const;

export const MAIL_LIMITS = {
  subjectMax: 998,
  /** Sanitised HTML body, in characters. */
  htmlMax: 500_000,
  recipientsMax: 50,
  addressMax: 320,
  labelsMax: 30,
  labelNameMax: 60,
  searchMax: 200,
  pageMax: 200,
} as const;

/**
 * draft: being written (only its owner's copy exists); outbox: the user asked to send it (the
 * server sends it in the same write and answers `sent`); sent / received: delivered copies,
 * whose text never changes again (labels and read still do).
 */
export const MAIL_STATES = ["draft", "outbox", "sent", "received"] as const;
type MailState = (typeof MAIL_STATES)[number];

export interface MailMessageFields {
  to: string[];
  cc: string[];
  subject: string;
  /** Sanitised HTML (the server sanitises every body it stores). */
  html: string;
  /** The `Message-ID` this one answers (a reply), or "". */
  inReplyTo: string;
  labels: string[];
  read: boolean;
  state: MailState;
}

export interface MailMessage extends MailMessageFields {
  id: string;
  userId: string;
  threadId: string;
  /** RFC 5322 Message-ID (without angle brackets). */
  messageId: string;
  references: string[];
  from: string;
  fromName: string;
  /** Plain text of the body (search and previews). */
  text: string;
  /** When it was sent or received; null for a draft. */
  sentAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const MAIL_MESSAGE_FIELDS = [
  "to",
  "cc",
  "subject",
  "html",
  "inReplyTo",
  "labels",
  "read",
  "state",
] as const satisfies readonly (keyof MailMessageFields)[];

/** The fields that make up a message's content: changeable only while it is a draft. */
export const MAIL_CONTENT_FIELDS = ["to", "cc", "subject", "html", "inReplyTo"] as const;

export interface MailLabelFields {
  name: string;
  colour: string;
}

export interface MailLabel extends MailLabelFields {
  id: string;
  userId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const MAIL_LABEL_FIELDS = ["name", "colour"] as const satisfies readonly (keyof MailLabelFields)[];

const ADDRESS = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

/** Whether a text is a plain mail address (`local@domain.tld`, no display name). */
const isMailAddress = (s: string) => s.length <= MAIL_LIMITS.addressMax && ADDRESS.test(s);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A label a message may carry: a system label or the id of one of the user's own. */
const isLabel = (s: string) => (SYSTEM_LABELS as readonly string[]).includes(s) || UUID.test(s);

/** Rule errors of a message's fields (field → message); `partial`: only the given fields. */
export function validateMessageFields(
  f: Partial<MailMessageFields>,
  partial = false,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of ["to", "cc"] as const) {
    const list = f[key];
    if (list === undefined) continue;
    if (list.length > MAIL_LIMITS.recipientsMax)
      errors[key] = `At most ${MAIL_LIMITS.recipientsMax} addresses`;
    const bad = list.find((a) => !isMailAddress(a));
    if (bad !== undefined) errors[key] = `"${bad.slice(0, 80)}" is not a mail address`;
  }
  if (f.subject !== undefined && f.subject.length > MAIL_LIMITS.subjectMax)
    errors.subject = `At most ${MAIL_LIMITS.subjectMax} characters`;
  if (f.html !== undefined && f.html.length > MAIL_LIMITS.htmlMax)
    errors.html = `At most ${MAIL_LIMITS.htmlMax} characters`;
  if (f.labels !== undefined) {
    if (f.labels.length > MAIL_LIMITS.labelsMax) errors.labels = `At most ${MAIL_LIMITS.labelsMax} labels`;
    const bad = f.labels.find((l) => !isLabel(l));
    if (bad !== undefined) errors.labels = `"${bad.slice(0, 80)}" is not a label`;
  }
  if (f.state !== undefined && !(MAIL_STATES as readonly string[]).includes(f.state))
    errors.state = "Unknown state";
  if (!partial && f.state === "outbox" && (f.to?.length ?? 0) + (f.cc?.length ?? 0) === 0)
    errors.to = "A message to send needs at least one recipient";
  return errors;
}

export function validateLabelFields(f: Partial<MailLabelFields>, partial = false): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.name !== undefined || !partial) {
    const name = (f.name ?? "").trim();
    if (!name) errors.name = "A label needs a name";
    else if (name.length > MAIL_LIMITS.labelNameMax)
      errors.name = `At most ${MAIL_LIMITS.labelNameMax} characters`;
    else if ((SYSTEM_LABELS as readonly string[]).includes(name.toLowerCase()))
      errors.name = "This name belongs to a built-in label";
  }
  return errors;
}
