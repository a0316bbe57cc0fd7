import { v7 as uuidv7 } from "uuid";
import type { MailMessage } from "../../../../domain/mail/message";
import { fileMessage, productAddress } from "../../../mail/mailbox";
import { deliverMessage } from "../../mail/send";
import type { DemoRun, DemoStep } from "../demo-run";

type Who = "companyAdmin" | "employee";

/** A mail from outside the product, filed as the incoming SMTP listener files one. */
interface Incoming {
  /** Whose mailbox it is filed into. */
  to: Who;
  /** Its key, for a later mail that answers it. */
  key: string;
  /** Answers the incoming mail of this key (same thread). */
  answers?: string;
  from: string;
  fromName: string;
  subject: string;
  html: string;
  /** Hours before now. */
  hoursAgo: number;
  /** Built-in labels (a place first) and own labels by name. */
  labels: string[];
  read?: boolean;
}

const OWN_LABELS: { name: string; colour: string }[] = [
  { name: "Owners", colour: "blue" },
  { name: "Vendors", colour: "orange" },
];

const INCOMING: Incoming[] = [
  {
    to: "companyAdmin",
    key: "queens-1",
    from: "marco@queens-mgmt.example",
    fromName: "Marco Rossi",
    subject: "2025 operating statements for the Queens building",
    html: "<p>Hi Dana,</p><p>The accountant is finishing the 2025 statements for 41-12 Queens Blvd. I will send the PDFs with the rent roll as soon as I have them.</p><p>Best,<br>Marco</p>",
    hoursAgo: 50,
    labels: ["inbox", "Owners"],
    read: true,
  },
  {
    to: "companyAdmin",
    key: "queens-2",
    answers: "queens-1",
    from: "marco@queens-mgmt.example",
    fromName: "Marco Rossi",
    subject: "Re: 2025 operating statements for the Queens building",
    html: "<p>Dana, the statements are attached to the portal now. The insurance line went up about 12% — the broker changed carriers in March.</p><p>Marco</p>",
    hoursAgo: 20,
    labels: ["inbox", "Owners"],
  },
  {
    to: "companyAdmin",
    key: "bronx-quote",
    from: "priya.shah@bronx-owners.example",
    fromName: "Priya Shah",
    subject: "Quote accepted: RPIE filing for the Bronx property",
    html: "<p>Hello,</p><p>We accept the quote for this year's RPIE filing. Please go ahead; our bookkeeper will send the invoice payment by Friday.</p><p>Kind regards,<br>Priya Shah</p>",
    hoursAgo: 75,
    labels: ["inbox", "starred", "Owners"],
    read: true,
  },
  {
    to: "companyAdmin",
    key: "closing",
    from: "closing@hudson-title.example",
    fromName: "Hudson Title Services",
    subject: "Closing documents for 7 Bay Street — signatures needed",
    html: "<p>Please review and sign the attached closing documents before <b>Thursday</b>. Call us with any question.</p>",
    hoursAgo: 6,
    labels: ["inbox", "important"],
  },
  {
    to: "companyAdmin",
    key: "rolls",
    from: "orders@labelsupply.example",
    fromName: "Label Supply Co.",
    subject: "Order confirmation: 12 rolls of 2-inch thermal labels",
    html: "<p>Thank you for your order. Your 12 rolls of 2-inch thermal labels ship today and arrive in 2–3 business days.</p>",
    hoursAgo: 28,
    labels: ["inbox", "Vendors"],
    read: true,
  },
  {
    to: "companyAdmin",
    key: "prize",
    from: "prizes@lucky-winner.example",
    fromName: "Prize Department",
    subject: "You have won a free cruise!!!",
    html: "<p>Click here to claim your prize today.</p>",
    hoursAgo: 9,
    labels: ["spam"],
  },
  {
    to: "companyAdmin",
    key: "digest",
    from: "digest@market-weekly.example",
    fromName: "Market Weekly",
    subject: "This week in NYC rentals",
    html: "<p>Vacancy rates held steady across the boroughs this week.</p>",
    hoursAgo: 170,
    labels: ["trash"],
    read: true,
  },
  {
    to: "employee",
    key: "lp-sleeve",
    from: "jazzfan88@buyers.example",
    fromName: "Lou Brennan",
    subject: "Question about the Blue Note LP",
    html: "<p>Hi, is the sleeve original, and are there any seam splits? Thanks!</p>",
    hoursAgo: 14,
    labels: ["inbox", "starred"],
  },
];

/** Mail between the demo accounts, sent through the product (delivered at once, below). */
interface Internal {
  key: string;
  from: Who;
  to: Who;
  answers?: string;
  subject: string;
  html: string;
  /** The recipient has read it. */
  read?: boolean;
}

const INTERNAL: Internal[] = [
  {
    key: "pallet",
    from: "employee",
    to: "companyAdmin",
    subject: "Labels for pallet #14",
    html: "<p>The label printer is out of 2-inch rolls, so pallet #14 is waiting. Can we order more?</p>",
    read: true,
  },
  {
    key: "pallet-re",
    from: "companyAdmin",
    to: "employee",
    answers: "pallet",
    subject: "Re: Labels for pallet #14",
    html: "<p>Ordered 12 rolls this morning, they arrive Thursday. Start with the cameras meanwhile.</p>",
  },
  {
    key: "cameras",
    from: "companyAdmin",
    to: "employee",
    subject: "Photos of the film cameras",
    html: "<p>Six photos per camera please, with the shutter open in one of them. The Canons need new light seals before they are listed.</p>",
    read: true,
  },
  {
    key: "bronx-docs",
    from: "employee",
    to: "companyAdmin",
    subject: "Bronx statement is mapped",
    html: "<p>I mapped the Bronx statement to the RPIE form; two lines need your eye (insurance and the super's apartment).</p>",
  },
];

const HOUR = 3_600_000;

/**
 * The demo accounts' mailboxes (docs/mail.md): own labels "Owners" and "Vendors"; mail from
 * owners, an agent, a title company and a supplier (a thread of two with the admin's reply, read
 * and unread, starred, important), a spam and a trashed one, filed as the incoming SMTP listener
 * files mail; mail between the admin and the employee sent through the product's routes, read and
 * unread; a draft. Sends are delivered at once here (the delivery job's own idempotent work), so
 * the mailboxes are full when the seed prints; the queued jobs then find nothing left to do.
 */
export const mailStep: DemoStep = {
  name: "mail",
  describe: "mailboxes with threads from owners, vendors and colleagues, read and unread, labelled",
  async run(run: DemoRun) {
    const labelIds = new Map<string, string>();
    for (const who of ["companyAdmin", "employee"] as const) {
      for (const label of OWN_LABELS) {
        const id = uuidv7();
        await run.call(who, "PUT", `/api/mail/labels/${id}`, label);
        labelIds.set(`${who}:${label.name}`, id);
      }
    }
    const messageIds = new Map<string, string>();
    const markRead = async (who: Who, id: string) => {
      const m = await run.call<MailMessage>(who, "GET", `/api/mail/messages/${id}`);
      await run.call(who, "PATCH", `/api/mail/messages/${id}`, { read: true, version: m.version });
    };

    for (const mail of INCOMING) {
      const user = run.account(mail.to);
      const answered = mail.answers ? messageIds.get(mail.answers) : undefined;
      const messageId = `${uuidv7()}@${mail.from.split("@")[1]}`;
      messageIds.set(mail.key, messageId);
      const id = await fileMessage(run.db, user.userId, {
        messageId,
        inReplyTo: answered ?? "",
        references: answered ? [answered] : [],
        from: mail.from,
        fromName: mail.fromName,
        to: [productAddress(user.userId)],
        cc: [],
        subject: mail.subject,
        html: mail.html,
        labels: mail.labels.map((l) => labelIds.get(`${mail.to}:${l}`) ?? l),
        sentAt: new Date(Date.now() - mail.hoursAgo * HOUR),
      });
      if (mail.read) await markRead(mail.to, id);
    }

    // The admin answers the Queens agent (an outside address: queued for SMTP, and the reserved
    // .example domain keeps it from leaving).
    await send(run, "companyAdmin", {
      to: ["marco@queens-mgmt.example"],
      subject: "Re: 2025 operating statements for the Queens building",
      html: "<p>Thanks Marco — got them. Could you also send the tax bill for the year?</p>",
      inReplyTo: messageIds.get("queens-2") ?? "",
    });

    for (const mail of INTERNAL) {
      const recipient = run.account(mail.to);
      const sent = await send(run, mail.from, {
        to: [recipient.email],
        subject: mail.subject,
        html: mail.html,
        inReplyTo: mail.answers ? (messageIds.get(mail.answers) ?? "") : "",
      });
      messageIds.set(mail.key, sent.messageId);
      if (!mail.read) continue;
      const inbox = await run.call<{ rows: MailMessage[] }>(
        mail.to,
        "GET",
        "/api/mail/messages?label=inbox&limit=200",
      );
      const copy = inbox.rows.find((m) => m.messageId === sent.messageId);
      if (copy) await markRead(mail.to, copy.id);
    }

    // A draft the admin is still writing.
    await run.call("companyAdmin", "PUT", `/api/mail/messages/${uuidv7()}`, {
      to: ["priya.shah@bronx-owners.example"],
      subject: "Agenda for the quarterly review",
      html: "<p>Hi Priya,</p><p>For the review on the 14th I suggest: 1. RPIE filings, 2. the insurance increase in Queens, 3.</p>",
    });
  },
};

/** Sends a new message as `who` through the product's routes and delivers it at once. */
async function send(
  run: DemoRun,
  who: Who,
  m: { to: string[]; subject: string; html: string; inReplyTo: string },
): Promise<MailMessage> {
  const id = uuidv7();
  const draft = await run.call<MailMessage>(who, "PUT", `/api/mail/messages/${id}`, m);
  const sent = await run.call<MailMessage>(who, "PATCH", `/api/mail/messages/${id}`, {
    state: "outbox",
    version: draft.version,
  });
  await deliverMessage(run.db, id);
  return sent;
}
