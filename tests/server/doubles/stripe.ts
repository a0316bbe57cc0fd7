import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the part of Stripe's API the product uses: POST /v1/checkout/sessions
 * (form-encoded, Bearer secret key, Stripe-style errors, `Idempotency-Key` answered with the
 * first response), GET /v1/checkout/sessions/{id} and POST …/{id}/expire, plus helpers that
 * build Checkout events and sign them the way Stripe signs webhooks (t=…,v1=HMAC-SHA256 of
 * `${t}.${body}`).
 */
interface StripeSession {
  id: string;
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  payment_status: "unpaid" | "paid";
  /** open until paid (complete) or closed (expired), as Stripe's sessions. */
  status: "open" | "complete" | "expired";
  /** Every form field as sent, for assertions. */
  form: Record<string, string>;
}

export interface StripeDouble {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  env: Record<string, string>;
  sessions: StripeSession[];
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** The next request answers this status with a Stripe error. */
  failNext(status: number): void;
  /** The owner pays on Stripe's page: the session becomes complete (before any webhook). */
  complete(session: StripeSession): void;
  /** Stripe expires the session (24 hours passed). */
  expire(session: StripeSession): void;
  /** A checkout.session.completed event for a session, as Stripe would send it. */
  completedEvent(session: StripeSession, opts?: { eventId?: string; paid?: boolean }): string;
  /** The Stripe-Signature header for a payload. */
  sign(payload: string, opts?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  const sessions: StripeSession[] = [];
  const requests: StripeDouble["requests"] = [];
  let failStatus: number | null = null;

  const error = (
    res: import("node:http").ServerResponse,
    status: number,
    message: string,
    type = "invalid_request_error",
  ) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { type, message } }));
  };

  const answered = new Map<string, string>();
  const view = (session: StripeSession) =>
    JSON.stringify({
      object: "checkout.session",
      ...session,
      url: session.status === "open" ? session.url : null,
      form: undefined,
    });
  const ok = (res: import("node:http").ServerResponse, json: string) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(json);
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({
      method: req.method ?? "",
      path: req.url ?? "",
      authorization: req.headers.authorization,
    });
    if (failStatus !== null) {
      const status = failStatus;
      failStatus = null;
      return error(res, status, "Simulated failure", "api_error");
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return error(res, 401, "Invalid API Key provided", "invalid_request_error");
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(req.url ?? "");
    if (one) {
      const session = sessions.find((x) => x.id === decodeURIComponent(one[1] ?? ""));
      if (!session) return error(res, 404, `No such checkout.session: '${one[1]}'`);
      if (!one[2] && req.method === "GET") return ok(res, view(session));
      if (one[2] && req.method === "POST") {
        if (session.status !== "open") {
          return error(res, 400, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        }
        session.status = "expired";
        return ok(res, view(session));
      }
    }
    if (req.method !== "POST" || req.url !== "/v1/checkout/sessions") {
      return error(res, 404, `Unrecognized request URL (${req.method}: ${req.url})`);
    }
    const idempotencyKey = req.headers["idempotency-key"];
    const earlier = typeof idempotencyKey === "string" ? answered.get(idempotencyKey) : undefined;
    if (earlier !== undefined) {
      if (earlier.split("\n")[0] !== body) {
        return error(res, 400, "Keys for idempotent requests can only be used with the same parameters");
      }
      return ok(res, earlier.slice(earlier.indexOf("\n") + 1));
    }
    if (!String(req.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return error(res, 400, "Invalid request: form encoding expected");
    }
    const form = Object.fromEntries(new URLSearchParams(body));
    const amount = Number(form["line_items[0][price_data][unit_amount]"]);
    const quantity = Number(form["line_items[0][quantity]"] ?? "1");
    for (const required of ["mode", "success_url", "line_items[0][price_data][currency]"]) {
      if (!form[required]) return error(res, 400, `Missing required param: ${required}.`);
    }
    if (form.mode !== "payment") return error(res, 400, "Invalid mode");
    if (!Number.isInteger(amount) || amount < 0) return error(res, 400, "Invalid integer: unit_amount");
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m?.[1]) metadata[m[1]] = v;
    }
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session: StripeSession = {
      id,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      amount_total: amount * quantity,
      currency: form["line_items[0][price_data][currency]"] ?? "usd",
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      success_url: form.success_url ?? "",
      cancel_url: form.cancel_url ?? "",
      metadata,
      payment_status: "unpaid",
      status: "open",
      form,
    };
    sessions.push(session);
    const json = view(session);
    if (typeof idempotencyKey === "string") answered.set(idempotencyKey, `${body}\n${json}`);
    ok(res, json);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;

  const sign = (payload: string, opts: { timestamp?: number; secret?: string } = {}) => {
    const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", opts.secret ?? webhookSecret)
      .update(`${t}.${payload}`)
      .digest("hex");
    return `t=${t},v1=${v1}`;
  };

  return {
    apiUrl,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: apiUrl },
    sessions,
    requests,
    failNext(status) {
      failStatus = status;
    },
    complete(session) {
      session.status = "complete";
      session.payment_status = "paid";
    },
    expire(session) {
      session.status = "expired";
    },
    completedEvent(session, opts = {}) {
      return JSON.stringify({
        id: opts.eventId ?? `evt_${randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: "2024-06-20",
        created: Math.floor(Date.now() / 1000),
        type: "checkout.session.completed",
        livemode: false,
        data: {
          object: {
            id: session.id,
            object: "checkout.session",
            amount_total: session.amount_total,
            currency: session.currency,
            client_reference_id: session.client_reference_id,
            metadata: session.metadata,
            mode: "payment",
            payment_status: opts.paid === false ? "unpaid" : "paid",
            status: "complete",
          },
        },
      });
    },
    sign,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
