import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import { redactLinks } from "../plugins/log-redaction";
import { fileMessage, newMessageId, userOfEmail } from "./mailbox";
import { textToHtml } from "./sanitize";

interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. "confirm-email", "reset-password". */
  kind: string;
}

/** A user's mail to outside addresses (docs/mail.md "Sending"). */
interface RelayedMail {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  /** Message-ID, In-Reply-To and References, without angle brackets. */
  messageId: string;
  inReplyTo: string;
  references: string[];
}

export interface Mailer {
  /**
   * Writes the mail to the outbox, files a copy into the recipient's product inbox when they are a
   * user, and sends it when there is a mail server; answers the outbox row's id.
   */
  send(message: MailMessage): Promise<string>;
  /**
   * Sends a user's mail through SMTP_URL with its threading headers; throws when the server refuses
   * it (the job retries). Without SMTP_URL it is only logged (envelope, never the body).
   */
  relay(message: RelayedMail): Promise<void>;
  close(): void;
}

/** The address part of MAIL_FROM ("Name <a@b>" or "a@b"). */
const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
const nameOf = (from: string) => (/^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1] ?? "").trim();

/** Where mail goes, in words for the start-up line: the SMTP host (never its credentials), or the outbox. */
export function describeMailDelivery(config: { smtpUrl?: string; publicUrl: string }): string {
  if (!config.smtpUrl)
    return `no SMTP_URL, mail stays in the outbox: a super admin reads it at ${config.publicUrl}/admin/outbox`;
  try {
    const url = new URL(config.smtpUrl);
    return `sent through ${url.protocol.replace(/:$/, "")}://${url.host}`;
  } catch {
    return "sent through SMTP_URL";
  }
}

/**
 * Addresses under the reserved .example top-level domain (RFC 2606), such as the demo accounts':
 * no mail server delivers to them, so their mail stays in the outbox instead of bouncing.
 */
const isUndeliverable = (to: string) => /\.example$/i.test(to.trim());

/**
 * Every mail is first written to the outbox table. With SMTP_URL set it is then sent
 * and marked sent (a failure is recorded on the row and logged, never thrown at the
 * user). Without SMTP_URL (or to a reserved .example address) its text is logged and it
 * stays in the outbox, where a super admin reads it (/admin/outbox), so sign-up works on a
 * fresh machine; the secrets in its links (confirmation, reset, invitation) are logged only when
 * `logLinks` is set (a public URL on this machine, where the developer is the only reader of the log).
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  logLinks?: boolean;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const id = uuidv7();
      const messageId = newMessageId();
      await opts.db.insert(mailOutbox).values({ id, ...message, html: message.html ?? null });
      await fileProductMail(message, messageId);
      if (!transport || isUndeliverable(message.to)) {
        opts.log.info(
          { mail: { to: message.to, subject: message.subject, kind: message.kind } },
          `mail (outbox only):\n${opts.logLinks ? message.text : redactLinks(message.text)}`,
        );
        return id;
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${messageId}>`,
        });
        await opts.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
        return id;
      } catch (err) {
        opts.log.error({ err, to: message.to, kind: message.kind }, "sending mail failed");
        await opts.db
          .update(mailOutbox)
          .set({ error: String((err as Error).message ?? err) })
          .where(eq(mailOutbox.id, id));
        return id;
      }
    },
    async relay(m) {
      if (!transport) {
        opts.log.info(
          { mail: { to: [...m.to, ...m.cc], subject: m.subject, kind: "user-mail" } },
          "user mail not sent: no SMTP_URL",
        );
        return;
      }
      await transport.sendMail({
        from: m.from,
        to: m.to,
        cc: m.cc,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: `<${m.messageId}>`,
        ...(m.inReplyTo ? { inReplyTo: `<${m.inReplyTo}>` } : {}),
        ...(m.references.length ? { references: m.references.map((r) => `<${r}>`) } : {}),
      });
    },
    close() {
      transport?.close();
    },
  };

  /** The product's mail to one of its users also lands in that user's inbox (never failing the send). */
  async function fileProductMail(message: MailMessage, messageId: string) {
    try {
      const user = await userOfEmail(opts.db, message.to.trim());
      if (!user) return;
      await fileMessage(opts.db, user.id, {
        messageId,
        inReplyTo: "",
        references: [],
        from: addressOf(opts.from),
        fromName: nameOf(opts.from),
        to: [message.to],
        cc: [],
        subject: message.subject,
        html: message.html ?? textToHtml(message.text),
        labels: ["inbox"],
        sentAt: new Date(),
      });
    } catch (err) {
      opts.log.error({ err, kind: message.kind }, "filing the mail into the user's inbox failed");
    }
  }
}
