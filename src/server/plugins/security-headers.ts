import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../config";

/** Google Identity Services (the Google sign-in button), loaded only when GOOGLE_CLIENT_ID is set. */
const GOOGLE_SIGN_IN = "https://accounts.google.com";

/**
 * Microsoft Clarity's hosts (its CSP guidance: the tag from www.clarity.ms, data to
 * {letter}.clarity.ms, c.bing.com for the Bing pixel), allowed only when CLARITY_PROJECT_ID is set.
 */
const CLARITY_HOSTS = ["https://*.clarity.ms", "https://c.bing.com"];

/**
 * Features no page uses: denied to every document and frame. Only names Chromium knows: an
 * unknown one ("bluetooth") is a console warning on every page.
 */
const DENIED_FEATURES = ["microphone", "geolocation", "payment", "usb", "serial", "midi"];

/**
 * The `'sha256-…'` sources of every inline script in the built pages (index.html and the
 * prerendered public pages): the boot script that sets the colour scheme before the first paint.
 * Hashed from the files served, so a changed script is allowed exactly as built and nothing else.
 */
function inlineScriptHashes(staticDir: string | undefined): string[] {
  if (!staticDir || !existsSync(join(staticDir, "index.html"))) return [];
  const pages = [join(staticDir, "index.html")];
  // index.html with the frame's preload links (scripts/frame-shell.ts): the same scripts today.
  if (existsSync(join(staticDir, "frame.html"))) pages.push(join(staticDir, "frame.html"));
  const prerendered = join(staticDir, "prerendered");
  if (existsSync(prerendered)) {
    for (const f of readdirSync(prerendered)) if (f.endsWith(".html")) pages.push(join(prerendered, f));
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const attrs = m[1] ?? "";
      // Data blocks (JSON-LD) never run; a policy does not govern them.
      if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(m[2] ?? "", "utf8")
          .digest("base64")}'`,
      );
    }
  }
  return [...hashes];
}

/** The origin of a configured URL, or null. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every answer (docs/security.md, "Headers"): everything from this
 * origin only; scripts from self plus the hashes of the built inline scripts, and WebAssembly
 * compilation ('wasm-unsafe-eval': the barcode scanner's zxing-wasm, never `eval`); no plugins,
 * no framing of other sites (blob: frames only: the file manager's PDF preview); connections to self and the configured S3 endpoint (and Google when sign-in with
 * Google is configured, Clarity's hosts when CLARITY_PROJECT_ID is). Styles allow inline: Mantine sets style attributes and CSS variables.
 */
function contentSecurityPolicy(config: Config, scriptHashes: string[]): Record<string, string[]> {
  const s3 = originOf(config.s3?.endpoint);
  const google = config.googleClientId ? [GOOGLE_SIGN_IN] : [];
  const storage = s3 ? [s3] : [];
  const clarity = config.clarityProjectId ? CLARITY_HOSTS : [];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'", ...scriptHashes, ...google, ...clarity],
    "style-src": ["'self'", "'unsafe-inline'", ...google],
    "img-src": ["'self'", "data:", "blob:", ...storage, ...google, ...clarity],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...storage, ...google, ...clarity],
    "media-src": ["'self'", "blob:"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    // blob: only: the file manager shows a filing output PDF in the browser's viewer from bytes it
    // fetched with the bearer token (an object URL of this origin); no other page is framed.
    "frame-src": ["blob:", ...google],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
}

/** Headers Fastify itself puts on the probe's answer (helmetHeaders), not helmet's. */
const FRAMEWORK_HEADERS = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/**
 * The headers @fastify/helmet sets with these options, read once from an answer of a throwaway
 * instance. The plugin itself builds helmet's middleware and parses the policy again on every
 * request; none of our headers depends on the request, so every answer gets these same values.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get("/", async () => "");
  try {
    // getRawHeaderNames: Node ≥ 15.13, missing from the installed @types/node
    const answer = (await probe.inject({ url: "/" })).raw.res as ServerResponse & {
      getRawHeaderNames(): string[];
    };
    // The names as helmet spells them (Content-Security-Policy), as they were sent before.
    return answer
      .getRawHeaderNames()
      .filter((name) => !FRAMEWORK_HEADERS.has(name.toLowerCase()))
      .map((name) => [name, String(answer.getHeader(name))]);
  } finally {
    await probe.close();
  }
}

/**
 * Security headers on every answer, as @fastify/helmet sets them (computed once, helmetHeaders):
 * the policy above, X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy
 * strict-origin-when-cross-origin, HSTS only when PUBLIC_URL is https, and a Permissions-Policy
 * that lets pages of this origin use the camera (the scan and photo pages; the app is one
 * document, so the permission is the document's) and denies it to API answers and every feature
 * no page uses.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith("https://");
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, inlineScriptHashes(config.staticDir)),
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: config.googleClientId ? "same-origin-allow-popups" : "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
  // On the raw response, as helmet does: a route's own header (Swagger UI's policy) still wins.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  const denied = DENIED_FEATURES.map((f) => `${f}=()`).join(", ");
  const pagePolicy = `camera=(self), ${denied}`;
  const otherPolicy = `camera=(), ${denied}`;
  app.addHook("onSend", (_request, reply, payload, done) => {
    const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
    reply.header("permissions-policy", html ? pagePolicy : otherPolicy);
    done(null, payload);
  });
}
