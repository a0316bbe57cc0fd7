import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { importJWK, type JWTPayload, jwtVerify } from "jose";

/**
 * A local stand-in for a browser's push service (RFC 8030): it hands out subscriptions the way a
 * browser does (a P-256 key pair and a 16-byte auth secret per device, an endpoint URL on this
 * server), takes the application server's POSTs, checks the VAPID Authorization header (RFC 8292:
 * `vapid t=<JWT>, k=<public key>`, the JWT verified with that key and the server's configured
 * public key) and decrypts the aes128gcm body (RFC 8291) with the device's private key and auth
 * secret, as the browser would. Each endpoint answers 201 unless told to answer something else.
 * Product code never imports this file.
 */

// http_ece (RFC 8188) is web-push's own dependency; it has no types of its own.
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

interface Device {
  endpoint: string;
  /** PushSubscription.toJSON() as the browser gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

interface ReceivedPush {
  endpoint: string;
  headers: IncomingMessage["headers"];
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** The verified VAPID JWT's claims. */
  claims: JWTPayload;
  /** The `k=` key of the Authorization header. */
  vapidKey: string;
}

export interface PushServiceDouble {
  origin: string;
  /** A new browser profile's subscription. */
  device(): Device;
  /** What this endpoint answers from now on (201 by default). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Requests that failed the checks (bad JWT, undecryptable body): none in a passing test. */
  rejected: string[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The VAPID public key (base64url, uncompressed point) as a JWK jose can verify with. */
async function vapidKey(raw: string) {
  const bytes = Buffer.from(raw, "base64url");
  return importJWK(
    {
      kty: "EC",
      crv: "P-256",
      x: bytes.subarray(1, 33).toString("base64url"),
      y: bytes.subarray(33, 65).toString("base64url"),
    },
    "ES256",
  );
}

export async function startPushService(serverPublicKey: string): Promise<PushServiceDouble> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let origin = "";

  const server: Server = createServer(async (req, res) => {
    const endpoint = `${origin}${req.url}`;
    const device = devices.get(endpoint);
    const body = await readBody(req);
    if (!device || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    if (device.status !== 201) {
      res.writeHead(device.status).end("told to fail");
      return;
    }
    try {
      const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? "");
      if (!m?.[1] || !m[2]) throw new Error(`Authorization is not VAPID: ${req.headers.authorization}`);
      if (m[2] !== serverPublicKey) throw new Error("k= is not the server's VAPID public key");
      const { payload: claims } = await jwtVerify(m[1], await vapidKey(serverPublicKey), {
        audience: origin,
        algorithms: ["ES256"],
      });
      if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("body is not aes128gcm");
      if (!req.headers.ttl) throw new Error("no TTL header");
      const plain = ece.decrypt(body, {
        version: "aes128gcm",
        privateKey: device.ecdh,
        authSecret: device.auth,
      });
      received.push({
        endpoint,
        headers: req.headers,
        payload: JSON.parse(plain.toString("utf8")) as Record<string, unknown>,
        claims,
        vapidKey: m[2],
      });
      res.writeHead(201).end();
    } catch (err) {
      rejected.push(err instanceof Error ? err.message : String(err));
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    device() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString("base64url")}`;
      devices.set(endpoint, { ecdh, auth, status: 201 });
      return {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
      };
    },
    answer(endpoint, status) {
      const device = devices.get(endpoint);
      if (device) device.status = status;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
