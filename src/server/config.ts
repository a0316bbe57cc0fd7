import { randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import webpush from "web-push";

/** Every setting comes from the environment; docs/configuration.md lists them all. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Users' product mail addresses are `<user id>@mailDomain` (docs/mail.md). */
  mailDomain: string;
  /** The incoming SMTP listener's port (0 = any free port); undefined = no listener. */
  mailInboundPort: number | undefined;
  mailInboundHost: string;
  /** Largest incoming message accepted, in bytes. */
  mailInboundMaxBytes: number;
  /** Where contact-form messages and demo requests are mailed. */
  staffEmail: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  googleClientId: string | undefined;
  /** Microsoft Clarity project (CLARITY_PROJECT_ID): loaded by the app only after analytics consent. */
  clarityProjectId: string | undefined;
  googleJwksUrl: string;
  googleIssuer: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  /** Serve the built app from this directory (unset in API-only tests). */
  staticDir: string | undefined;
  /** Cookies get the Secure attribute (true unless COOKIE_SECURE=false). */
  cookieSecure: boolean;
  bodyLimitBytes: number;
  trustProxy: boolean;
  /** S3-compatible storage for statement files; unset = files on disk under DATA_DIR/files. */
  s3:
    | { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
    | undefined;
  /** Largest statement file accepted (MAX_UPLOAD_MB, default 50). */
  maxUploadBytes: number;
  /** Extraction worker threads (EXTRACTION_WORKERS, default one per core). */
  extractionWorkers: number;
  /** Most pages extracted from one document (EXTRACTION_MAX_PAGES, default 500). */
  extractionMaxPages: number;
  /**
   * Heap ceiling of one extraction thread, in MB; a file that needs more fails with a reason. A
   * sixth of it is what a thread keeps of decoded scan pages for re-reads (page-pixels.ts).
   */
  extractionMemoryMb: number;
  /** Which OCR engine reads scans (OCR_ENGINE, TESSERACT_PATH, OCR_TIMEOUT_SECONDS; docs/files.md "OCR"). */
  ocr: OcrConfig;
  /** Run the extraction job queue inside the API process (JOBS_IN_PROCESS, default true). */
  jobsInProcess: boolean;
  /** NYC Open Data (Socrata) base URL for the PLUTO property lookup (NYC_OPEN_DATA_URL). */
  nycOpenDataUrl: string;
  /** Stripe Checkout for invoices (STRIPE_SECRET_KEY); unset = bank transfer / check, marked by staff. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | undefined;
  /** What owners are told when paying by bank transfer or check (PAYMENT_INSTRUCTIONS). */
  paymentInstructions: string;
  /** How often the filing reminder job runs, in minutes (FILING_REMINDERS_EVERY_MINUTES, default 60). */
  filingRemindersEveryMinutes: number;
  /**
   * How long a stored inventory photo no live item or product references is kept before its row and
   * files are deleted (INVENTORY_PHOTO_GRACE_HOURS, default 24, at least 1): an offline device may
   * still send a queued edit that puts the photo back.
   */
  inventoryPhotoGraceHours: number;
  /** How often the inventory photo cleanup job runs, in minutes (INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES, default 60). */
  inventoryPhotoCleanupEveryMinutes: number;
  /**
   * How long an article image no article names is kept after its upload before the same job
   * deletes it (ARTICLE_IMAGE_GRACE_HOURS, default 72, at least 1): an editor may not have saved yet.
   */
  articleImageGraceHours: number;
  /** The eBay connection (docs/ebay.md); undefined without EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME. */
  ebay: EbayConfig | undefined;
  /** AES-256-GCM key for eBay tokens at rest (EBAY_TOKEN_KEY, or generated into DATA_DIR). */
  ebayTokenKey: Buffer;
  /** Web Push (docs/notifications.md "Web Push"): the VAPID keys and subject that sign every push. */
  push: PushConfig;
}

export interface PushConfig {
  /** The application server key the browsers subscribe with (base64url, uncompressed P-256 point). */
  publicKey: string;
  privateKey: string;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services (default mailto:STAFF_EMAIL). */
  subject: string;
  /** True when the keys were generated into DATA_DIR (one server only: replicas must share configured keys). */
  generated: boolean;
  /**
   * Accept http:// and local push endpoints. Never from the environment: only tests turn it on, to
   * send to a push service on localhost. Otherwise an endpoint must be https on a public host name.
   */
  allowLocalEndpoints: boolean;
}

export interface EbayConfig {
  clientId: string;
  clientSecret: string;
  /** The RuName eBay knows the app's accept/decline URLs by; sent as `redirect_uri`. */
  ruName: string;
  environment: "sandbox" | "production";
  /** The consent page's host (auth.ebay.com). */
  authBase: string;
  /** The REST APIs' host (api.ebay.com), token endpoint included. */
  apiBase: string;
  /** The Identity API's host (apiz.ebay.com for eBay's own hosts, else the API host). */
  identityBase: string;
  /** Where a listing is seen on eBay: `${listingBase}/itm/{listingId}`. */
  listingBase: string;
  /** Answers eBay's account-deletion challenge (EBAY_VERIFICATION_TOKEN, 32–80 characters). */
  verificationToken: string | undefined;
  /** The public URL eBay posts account-deletion notifications to (EBAY_NOTIFICATION_ENDPOINT). */
  notificationEndpoint: string;
  /** Photos uploaded to eBay at once (EBAY_MEDIA_CONCURRENCY, default 12). */
  mediaConcurrency: number;
  /** Media API POSTs (photo uploads) started per 5 s per seller (EBAY_MEDIA_RATE, default 50: eBay's published limit). */
  mediaPerWindow: number;
  /** Bulk requests of 25 sent at once (EBAY_BULK_CONCURRENCY, default 4). */
  bulkConcurrency: number;
  /** Minutes between order syncs of each connected seller (EBAY_ORDER_SYNC_MINUTES, default 15). */
  orderSyncMinutes: number;
}

/** `auto`: native tesseract when its binary runs, tesseract.js otherwise (checked at start). */
export type OcrEngineSetting = "auto" | "native" | "wasm";

export interface OcrConfig {
  /**
   * OCR_ENGINE: `auto` (the default: native where the binary runs, else wasm), `native` (the
   * tesseract binary) or `wasm` (tesseract.js). docs/files.md "OCR".
   */
  engine: OcrEngineSetting;
  /** The native binary (TESSERACT_PATH, default `tesseract` on PATH): absolute once found. */
  tesseractPath: string;
  /** Longest one native tesseract run may take, in ms (OCR_TIMEOUT_SECONDS, default 300 s). */
  timeoutMs: number;
  /** Where the native engine keeps its copy of the model and the short-lived crops it reads. */
  workDir: string;
}

type Env = Record<string, string | undefined>;

/** The host name of a URL, or undefined. */
function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}

/** A whole number of at least `min` (a clear error for 0 where that would be unsafe). */
function atLeast(env: Env, name: string, fallback: number, min: number, why: string): number {
  const n = intFrom(env, name, fallback);
  if (n < min) throw new Error(`${name} must be at least ${min} (${why}), got "${env[name]}"`);
  return n;
}

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR so tokens survive restarts. */
function loadJwtSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET must be at least 32 characters");
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = resolve(dataDir, "jwt-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return new TextEncoder().encode(readFileSync(file, "utf8").trim());
}

/** S3_* settings: all of S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none. */
function loadS3(env: Env): Config["s3"] {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  if (!S3_BUCKET && !S3_ENDPOINT && !S3_ACCESS_KEY_ID) return undefined;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      "S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and usually S3_ENDPOINT)",
    );
  }
  return {
    endpoint: S3_ENDPOINT || "https://s3.amazonaws.com",
    bucket: S3_BUCKET,
    region: S3_REGION || "us-east-1",
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

/**
 * CLARITY_PROJECT_ID: the id of the Clarity project (Settings > Overview), letters and digits.
 * It becomes part of the tag script's URL, so anything else is refused at start.
 */
function loadClarityProjectId(env: Env): string | undefined {
  const id = env.CLARITY_PROJECT_ID?.trim();
  if (!id) return undefined;
  if (!/^[a-z0-9]{1,64}$/i.test(id)) {
    throw new Error("CLARITY_PROJECT_ID must be the Clarity project id: letters and digits only");
  }
  return id;
}

/** STRIPE_SECRET_KEY turns Stripe Checkout on; it needs STRIPE_WEBHOOK_SECRET to learn of payments. */
function loadStripe(env: Env): Config["stripe"] {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = env;
  if (!STRIPE_SECRET_KEY) return undefined;
  if (!STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the webhook signing secret, whsec_...): without it payments are never confirmed",
    );
  }
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiUrl: (STRIPE_API_URL || "https://api.stripe.com").replace(/\/+$/, ""),
  };
}

const EBAY_HOSTS = {
  production: { auth: "https://auth.ebay.com", api: "https://api.ebay.com", listing: "https://www.ebay.com" },
  sandbox: {
    auth: "https://auth.sandbox.ebay.com",
    api: "https://api.sandbox.ebay.com",
    listing: "https://sandbox.ebay.com",
  },
} as const;

/** EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME turn the eBay connection on (all three or none). */
function loadEbay(env: Env, publicUrl: string): Config["ebay"] {
  const { EBAY_CLIENT_ID, EBAY_CLIENT_SECRET, EBAY_RU_NAME } = env;
  if (!EBAY_CLIENT_ID && !EBAY_CLIENT_SECRET && !EBAY_RU_NAME) return undefined;
  if (!EBAY_CLIENT_ID || !EBAY_CLIENT_SECRET || !EBAY_RU_NAME) {
    throw new Error("The eBay connection needs EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME together");
  }
  const environment = env.EBAY_ENV || "production";
  if (environment !== "sandbox" && environment !== "production") {
    throw new Error(`EBAY_ENV must be sandbox or production, got "${environment}"`);
  }
  const hosts = EBAY_HOSTS[environment];
  const trim = (u: string) => u.replace(/\/+$/, "");
  const apiBase = trim(env.EBAY_API_BASE || hosts.api);
  const token = env.EBAY_VERIFICATION_TOKEN || undefined;
  if (token && !/^[A-Za-z0-9_-]{32,80}$/.test(token)) {
    throw new Error(
      "EBAY_VERIFICATION_TOKEN must be 32 to 80 letters, digits, underscores or hyphens (eBay's rule)",
    );
  }
  return {
    clientId: EBAY_CLIENT_ID,
    clientSecret: EBAY_CLIENT_SECRET,
    ruName: EBAY_RU_NAME,
    environment,
    authBase: trim(env.EBAY_AUTH_BASE || hosts.auth),
    apiBase,
    identityBase: apiBase.replace(/^https:\/\/api\.(sandbox\.)?ebay\.com$/, "https://apiz.$1ebay.com"),
    listingBase: trim(env.EBAY_LISTING_BASE || hosts.listing),
    verificationToken: token,
    notificationEndpoint: env.EBAY_NOTIFICATION_ENDPOINT || `${publicUrl}/api/ebay/account-deletion`,
    mediaConcurrency: Math.max(1, intFrom(env, "EBAY_MEDIA_CONCURRENCY", 12)),
    mediaPerWindow: Math.max(1, intFrom(env, "EBAY_MEDIA_RATE", 50)),
    bulkConcurrency: Math.max(1, intFrom(env, "EBAY_BULK_CONCURRENCY", 4)),
    orderSyncMinutes: Math.max(1, intFrom(env, "EBAY_ORDER_SYNC_MINUTES", 15)),
  };
}

/**
 * EBAY_TOKEN_KEY (32 bytes as 64 hex characters or base64), or a key generated once into
 * DATA_DIR like the JWT secret. Replicas sharing a PostgreSQL database must share the key, so
 * with DATABASE_URL and the eBay connection on it has to be set.
 */
function loadEbayTokenKey(env: Env, dataDir: string, ebayOn: boolean): Buffer {
  const raw = env.EBAY_TOKEN_KEY;
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
    if (key.length !== 32) throw new Error("EBAY_TOKEN_KEY must be 32 bytes: 64 hex characters or base64");
    return key;
  }
  if (ebayOn && env.DATABASE_URL) {
    throw new Error(
      "EBAY_TOKEN_KEY must be set with DATABASE_URL: replicas sharing the database must encrypt eBay tokens with one key",
    );
  }
  const file = resolve(dataDir, "ebay-token-key");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
    }
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither, base64url as `web-push
 * generate-vapid-keys` prints them), or a pair generated once into DATA_DIR/vapid-keys.json like
 * the JWT secret. Browsers subscribe with the public key, so changing it silences every device.
 */
function loadPush(env: Env, dataDir: string, staffEmail: string): PushConfig {
  const subject = env.VAPID_SUBJECT || `mailto:${staffEmail}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${subject}"`);
  }
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = env;
  if (VAPID_PUBLIC_KEY || VAPID_PRIVATE_KEY) {
    if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY) {
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
    }
    checkVapidKeys(VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, "VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY");
    return {
      publicKey: VAPID_PUBLIC_KEY,
      privateKey: VAPID_PRIVATE_KEY,
      subject,
      generated: false,
      allowLocalEndpoints: false,
    };
  }
  const file = resolve(dataDir, "vapid-keys.json");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: "wx" });
    } catch (err) {
      if ((err as { code?: string }).code !== "EEXIST") throw err;
    }
  }
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey?: string; privateKey?: string };
  if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string") {
    throw new Error(`${file} does not hold VAPID keys ({ "publicKey", "privateKey" })`);
  }
  checkVapidKeys(keys.publicKey, keys.privateKey, file);
  return {
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
    subject,
    generated: true,
    allowLocalEndpoints: false,
  };
}

function checkVapidKeys(publicKey: string, privateKey: string, where: string) {
  const pub = Buffer.from(publicKey, "base64url");
  const priv = Buffer.from(privateKey, "base64url");
  if (pub.length !== 65 || pub[0] !== 4 || priv.length !== 32) {
    throw new Error(
      `${where}: VAPID keys must be a P-256 key pair in base64url (65-byte public, 32-byte private)`,
    );
  }
}

const OCR_ENGINES: readonly OcrEngineSetting[] = ["auto", "native", "wasm"];

/** The first executable `name` on PATH (the usual directories when PATH is unset). */
function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path || "/usr/local/bin:/usr/bin:/bin").split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * OCR_ENGINE, TESSERACT_PATH and OCR_TIMEOUT_SECONDS; whether the binary runs is checked at
 * start (extraction/ocr-setup.ts). `workDir` holds the engine's files (DATA_DIR/ocr on a server).
 */
export function loadOcrConfig(env: Env, workDir: string): OcrConfig {
  const engine = (env.OCR_ENGINE || "auto").trim().toLowerCase() as OcrEngineSetting;
  if (!OCR_ENGINES.includes(engine)) {
    throw new Error(`OCR_ENGINE must be auto, native or wasm, got "${env.OCR_ENGINE}"`);
  }
  const name = env.TESSERACT_PATH?.trim() || "tesseract";
  return {
    engine,
    tesseractPath: name.includes("/") ? resolve(name) : (onPath(name, env.PATH) ?? name),
    timeoutMs:
      atLeast(env, "OCR_TIMEOUT_SECONDS", 300, 10, "seconds one scanned page may take to read") * 1000,
    workDir: resolve(workDir),
  };
}

/**
 * The OCR settings of the environment for code that runs without a server's config (tests,
 * benchmarks, an extraction thread started without settings): files under the system's
 * temporary directory instead of DATA_DIR.
 */
export function defaultOcrConfig(): OcrConfig {
  return loadOcrConfig(process.env, join(tmpdir(), `blocklot-ocr-${process.getuid?.() ?? "user"}`));
}

const DEFAULT_PAYMENT_INSTRUCTIONS =
  "Pay by bank transfer or by check made out to Blocklot. Write the invoice number on the transfer or the check. " +
  "We mark the invoice paid when the money arrives.";

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = intFrom(env, "PORT", 3000);
  const dataDir = resolve(env.DATA_DIR || "./data");
  const config: Config = {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || "Blocklot <no-reply@blocklot.local>",
    mailDomain: (env.MAIL_DOMAIN || hostOf(env.PUBLIC_URL) || "blocklot.local").toLowerCase(),
    mailInboundPort:
      env.MAIL_INBOUND_PORT === undefined || env.MAIL_INBOUND_PORT === ""
        ? undefined
        : intFrom(env, "MAIL_INBOUND_PORT", 0),
    mailInboundHost: env.MAIL_INBOUND_HOST || env.HOST || "0.0.0.0",
    mailInboundMaxBytes:
      atLeast(env, "MAIL_INBOUND_MAX_MB", 10, 1, "a message with attachments") * 1024 * 1024,
    staffEmail: env.STAFF_EMAIL || env.ADMIN_EMAIL || "staff@blocklot.local",
    jwtSecret: overrides.jwtSecret ?? loadJwtSecret(env, dataDir),
    accessTokenTtlSeconds: intFrom(env, "ACCESS_TOKEN_TTL", 15 * 60),
    refreshTokenTtlSeconds: intFrom(env, "REFRESH_TOKEN_TTL", 30 * 24 * 3600),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    clarityProjectId: loadClarityProjectId(env),
    googleJwksUrl: env.GOOGLE_JWKS_URL || "https://www.googleapis.com/oauth2/v3/certs",
    googleIssuer: env.GOOGLE_ISSUER || "https://accounts.google.com",
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || "info",
    staticDir: env.STATIC_DIR === "" ? undefined : resolve(env.STATIC_DIR || "./dist/app"),
    cookieSecure: env.COOKIE_SECURE !== "false",
    bodyLimitBytes: intFrom(env, "BODY_LIMIT", 1024 * 1024),
    trustProxy: env.TRUST_PROXY === "true",
    s3: loadS3(env),
    maxUploadBytes: intFrom(env, "MAX_UPLOAD_MB", 50) * 1024 * 1024,
    extractionWorkers: Math.max(1, intFrom(env, "EXTRACTION_WORKERS", availableParallelism())),
    extractionMaxPages: Math.max(1, intFrom(env, "EXTRACTION_MAX_PAGES", 500)),
    extractionMemoryMb: Math.max(128, intFrom(env, "EXTRACTION_MEMORY_MB", 1024)),
    ocr: loadOcrConfig(env, join(dataDir, "ocr")),
    jobsInProcess: env.JOBS_IN_PROCESS !== "false",
    nycOpenDataUrl: (env.NYC_OPEN_DATA_URL || "https://data.cityofnewyork.us").replace(/\/+$/, ""),
    stripe: loadStripe(env),
    paymentInstructions: env.PAYMENT_INSTRUCTIONS || DEFAULT_PAYMENT_INSTRUCTIONS,
    filingRemindersEveryMinutes: Math.max(1, intFrom(env, "FILING_REMINDERS_EVERY_MINUTES", 60)),
    inventoryPhotoGraceHours: atLeast(
      env,
      "INVENTORY_PHOTO_GRACE_HOURS",
      24,
      1,
      "hours a removed photo is kept for offline devices' queued edits",
    ),
    articleImageGraceHours: atLeast(
      env,
      "ARTICLE_IMAGE_GRACE_HOURS",
      72,
      1,
      "hours an uploaded article image waits to be saved into an article",
    ),
    inventoryPhotoCleanupEveryMinutes: atLeast(
      env,
      "INVENTORY_PHOTO_CLEANUP_EVERY_MINUTES",
      60,
      1,
      "minutes between photo cleanup runs",
    ),
    ebay: undefined,
    ebayTokenKey: Buffer.alloc(0),
    push: undefined as unknown as PushConfig,
  };
  config.ebay = "ebay" in overrides ? overrides.ebay : loadEbay(env, config.publicUrl);
  config.ebayTokenKey = overrides.ebayTokenKey ?? loadEbayTokenKey(env, dataDir, !!config.ebay);
  config.push = overrides.push ?? loadPush(env, dataDir, config.staffEmail);
  return { ...config, ...overrides };
}
