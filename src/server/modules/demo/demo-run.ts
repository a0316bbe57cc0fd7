import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { todayInNewYork } from "../../../domain/rpie";
import { signAccessToken } from "../../plugins/access-token";
import { buildClaims } from "../users/claims";
import type { DemoAccountKey } from "./demo-accounts";

/** A demo account as the seed prints it: `email  password  roles`. */
export interface SeededAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  userId: string;
  roles: string[];
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A step's call of the product's API that did not answer as expected. */
export class DemoStepError extends Error {}

/** A multipart/form-data body (what a browser's FormData sends), built for app.inject. */
function multipartBody(
  fields: Record<string, string>,
  file: { field?: string; name: string; type: string; data: Uint8Array },
) {
  const boundary = `----blocklot-demo-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One run of the demo seed, shared by its steps (steps.ts): the app whose routes the steps call
 * (`app.inject`, so every record goes through the product's own validation, rules, transactions
 * and mails), the demo accounts, the demo company, today's date in New York, and what earlier
 * steps made that later ones need (`shared`).
 */
export class DemoRun {
  readonly accounts = new Map<DemoAccountKey, SeededAccount>();
  /** The demo company "Demo Realty LLC" (set by the accounts step). */
  companyId = "";
  /** Records later steps build on, keyed by a name the making step chooses (e.g. "property:P1"). */
  readonly shared = new Map<string, unknown>();
  private readonly tokens = new Map<DemoAccountKey, string>();

  constructor(
    readonly app: FastifyInstance,
    /** Today in New York ("YYYY-MM-DD"): filing years and deadlines are counted from it. */
    readonly today: string = todayInNewYork(),
  ) {}

  get db() {
    return this.app.ctx.db;
  }

  account(key: DemoAccountKey): SeededAccount {
    const a = this.accounts.get(key);
    if (!a)
      throw new DemoStepError(`The demo account "${key}" does not exist yet (the accounts step runs first)`);
    return a;
  }

  /** Something an earlier step shared; a clear error when it did not. */
  take<T>(name: string): T {
    if (!this.shared.has(name)) throw new DemoStepError(`No "${name}" from an earlier demo step`);
    return this.shared.get(name) as T;
  }

  /** A fresh access token for the account, as sign-in would issue (its current roles and company). */
  private async tokenOf(key: DemoAccountKey): Promise<string> {
    let token = this.tokens.get(key);
    if (!token) {
      const claims = await buildClaims(this.db, this.account(key).userId);
      if (!claims) throw new DemoStepError(`The demo account "${key}" cannot sign in`);
      token = await signAccessToken(claims, this.app.ctx.config.jwtSecret, 3600);
      this.tokens.set(key, token);
    }
    return token;
  }

  /** Drops cached tokens (after a change of roles or active company). */
  forgetTokens() {
    this.tokens.clear();
  }

  /**
   * Calls the API as `who` (or anonymously with null) and answers the JSON body; any status
   * other than `expect` (default: 2xx) stops the seed with the route's own message.
   */
  async call<T = Record<string, unknown>>(
    who: DemoAccountKey | null,
    method: Method,
    url: string,
    body?: unknown,
    opts: { expect?: number; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...opts.headers };
    if (who) headers.authorization = `Bearer ${await this.tokenOf(who)}`;
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : Buffer.isBuffer(body) ? { payload: body } : { payload: body as object }),
    });
    return this.answer<T>(method, url, res, opts.expect);
  }

  /** Uploads one file as multipart/form-data (with text fields) as `who`. */
  async upload<T = Record<string, unknown>>(
    who: DemoAccountKey | null,
    url: string,
    fields: Record<string, string>,
    file: { field?: string; name: string; type: string; data: Uint8Array },
    headers: Record<string, string> = {},
  ): Promise<T> {
    const { payload, contentType } = multipartBody(fields, file);
    return this.call<T>(who, "POST", url, payload, { headers: { ...headers, "content-type": contentType } });
  }

  private answer<T>(method: string, url: string, res: LightMyRequestResponse, expect?: number): T {
    const ok =
      expect === undefined ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === expect;
    if (!ok) {
      let message = res.body;
      try {
        message = (JSON.parse(res.body) as { message?: string }).message ?? res.body;
      } catch {
        // not JSON: the body as it is
      }
      throw new DemoStepError(`${method} ${url} answered ${res.statusCode}: ${message}`);
    }
    return (res.body ? JSON.parse(res.body) : null) as T;
  }
}

/**
 * One feature's part of the demo company. A step calls the product's own API through
 * `run.call` / `run.upload` (app.inject as a demo account), so its records pass the same
 * validation, rules, transactions and mails as a user's; it may share what later steps need
 * with `run.shared`. Everything it makes must belong to the demo company or a demo account
 * (that is what marks it as demo data and lets remove.ts take it away in one step).
 * docs/operations.md "Adding a demo step".
 */
export interface DemoStep {
  /** A short name, printed while seeding. */
  name: string;
  /** What the step adds, in a few words (printed, and listed on /admin/demo-data). */
  describe: string;
  run(run: DemoRun): Promise<void>;
}
