/**
 * A real local SMTP server for tests: it accepts every message and keeps it (envelope and raw
 * bytes) in `received`, in arrival order, and hands each to `onMessage` when given (the e2e
 * mailbox writes them to a folder). Point the product's SMTP_URL at `url`.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

export async function startSmtpSink(onMessage?: (message: Received) => void): Promise<SmtpSink> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        received.push(message);
        onMessage?.(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
