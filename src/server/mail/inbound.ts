/**
 * The optional incoming SMTP listener (MAIL_INBOUND_PORT, docs/mail.md "Incoming mail"), with the
 * smtp-server and mailparser packages: it accepts mail for users' product addresses
 * (`<user id>@MAIL_DOMAIN`), refuses other recipients at RCPT TO (550) and messages over the size
 * limit (552, announced in EHLO SIZE), and files each accepted message into every recipient's inbox,
 * threaded by In-Reply-To/References. No authentication: it is a receiving MX, not a relay.
 */
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Db } from "../db/client";
import { fileMessage, userOfProductAddress } from "./mailbox";
import { textToHtml } from "./sanitize";

export interface InboundListener {
  port: number;
  close(): Promise<void>;
}

const addressesOf = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => v.address ?? "").filter(Boolean));

const smtpError = (message: string, code: number) =>
  Object.assign(new Error(message), { responseCode: code });

export async function startInboundSmtp(opts: {
  db: Db;
  port: number;
  host: string;
  maxBytes: number;
  log: FastifyBaseLogger;
}): Promise<InboundListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: opts.maxBytes,
    logger: false,
    banner: "Blocklot mail",
    async onRcptTo(address, _session, callback) {
      try {
        const user = await userOfProductAddress(opts.db, address.address);
        if (!user) return callback(smtpError(`No mailbox here for <${address.address}>`, 550));
        callback();
      } catch (err) {
        opts.log.error({ err }, "inbound mail: recipient check failed");
        callback(smtpError("Try again later", 451));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
            return callback(smtpError(`Message is larger than ${opts.maxBytes} bytes`, 552));
          const from = mail.from?.value[0];
          const refs = mail.references;
          for (const rcpt of session.envelope.rcptTo) {
            const user = await userOfProductAddress(opts.db, rcpt.address);
            if (!user) continue;
            await fileMessage(opts.db, user.id, {
              messageId: mail.messageId ?? "",
              inReplyTo: mail.inReplyTo ?? "",
              references: Array.isArray(refs) ? refs : refs ? refs.split(/\s+/) : [],
              from: (from?.address ?? "").toLowerCase(),
              fromName: from?.name ?? "",
              to: addressesOf(mail.to),
              cc: addressesOf(mail.cc),
              subject: mail.subject ?? "",
              html: typeof mail.html === "string" ? mail.html : textToHtml(mail.text ?? ""),
              labels: ["inbox"],
              sentAt: mail.date ?? new Date(),
            });
          }
          callback();
        })
        .catch((err) => {
          opts.log.error({ err }, "inbound mail: filing failed");
          callback(smtpError("Try again later", 451));
        });
    },
  });
  server.on("error", (err) => opts.log.error({ err }, "inbound mail listener error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
