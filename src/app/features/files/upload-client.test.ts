import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from "../../lib/session/tokens";
import { UploadError, uploadErrorKind, uploadFile, uploadForm, uploadOutcome } from "./upload-client";

function jwt(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${enc({ alg: "HS256" })}.${enc(claims)}.sig`;
}
const fresh = (n = 1) => jwt({ id: n, email: "a@b.c", roles: [], exp: Math.floor(Date.now() / 1000) + 600 });

const record = { id: "f1", status: "queued", fileName: "a.pdf", duplicate: false };
const req = () => ({
  file: new File(["%PDF-1.4 hello"], "a.pdf", { type: "application/pdf" }),
  bblId: "0192aaaa-0000-7000-8000-000000000001",
  documentType: "operating_statement" as const,
  statementYear: 2024,
});

/** A stand-in XMLHttpRequest answering with the next scripted response. */
class FakeXhr {
  static answers: { status: number; body: string }[] = [];
  static sent: FakeXhr[] = [];
  headers: Record<string, string> = {};
  method = "";
  url = "";
  body: FormData | null = null;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answers.shift();
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (!answer || answer.status === 0) this.onerror?.();
      else {
        this.status = answer.status;
        this.responseText = answer.body;
        this.onload?.();
      }
      this.onloadend?.();
    });
  }
}

let store: Map<string, string>;
beforeEach(() => {
  store = new Map();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    },
  });
  FakeXhr.answers = [];
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe("uploadForm", () => {
  it("sends the fields the server expects, then the file", () => {
    const form = uploadForm(req());
    expect([...form.keys()]).toEqual(["bblId", "documentType", "statementYear", "file"]);
    expect(form.get("statementYear")).toBe("2024");
    expect((form.get("file") as File).name).toBe("a.pdf");
    expect([...uploadForm({ ...req(), statementYear: null }).keys()]).not.toContain("statementYear");
  });
});

describe("uploadOutcome", () => {
  it("returns the record for a new file and for a duplicate", () => {
    expect(uploadOutcome(201, JSON.stringify(record))).toMatchObject({ id: "f1", duplicate: false });
    expect(uploadOutcome(200, JSON.stringify({ ...record, duplicate: true }))).toMatchObject({
      duplicate: true,
    });
  });

  it("carries the server's message and what kind of refusal it was", () => {
    const msg = "Unsupported file type: only PDF, images (PNG, JPEG, TIFF, HEIC) and spreadsheets";
    const e = uploadOutcome(
      415,
      JSON.stringify({ statusCode: 415, error: "Unsupported Media Type", message: msg }),
    );
    expect(e).toBeInstanceOf(UploadError);
    expect(e).toMatchObject({ status: 415, kind: "unsupported", serverMessage: msg });
    expect(uploadOutcome(413, '{"message":"The file is larger than 50 MB"}')).toMatchObject({
      kind: "too-large",
    });
    expect(uploadOutcome(400, '{"message":"The file is empty (0 bytes)"}')).toMatchObject({
      kind: "invalid",
      serverMessage: "The file is empty (0 bytes)",
    });
    expect(uploadOutcome(502, "<html>Bad gateway</html>")).toMatchObject({
      kind: "server",
      serverMessage: null,
    });
    expect(uploadOutcome(201, "not json")).toMatchObject({ kind: "server" });
  });

  it("maps statuses to kinds", () => {
    expect([0, 401, 403, 404, 409, 500].map(uploadErrorKind)).toEqual([
      "network",
      "signed-out",
      "signed-out",
      "not-found",
      "invalid",
      "server",
    ]);
  });
});

describe("uploadFile", () => {
  it("posts with the bearer token and reports progress", async () => {
    const token = fresh();
    store.set(ACCESS_TOKEN_KEY, token);
    FakeXhr.answers.push({ status: 201, body: JSON.stringify(record) });
    const progress: number[] = [];
    await expect(uploadFile(req(), { onProgress: (p) => progress.push(p) })).resolves.toMatchObject({
      id: "f1",
    });
    const [xhr] = FakeXhr.sent;
    expect(xhr?.method).toBe("POST");
    expect(xhr?.url).toBe("/api/file/upload");
    expect(xhr?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(progress).toEqual([0.5, 1]);
  });

  it("refreshes the token once on 401 and sends again", async () => {
    const first = fresh(1);
    store.set(ACCESS_TOKEN_KEY, first);
    store.set(REFRESH_TOKEN_KEY, "r1");
    const next = fresh(2);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ token: next, refreshToken: "r2" }), { status: 200 })),
    );
    FakeXhr.answers.push(
      { status: 401, body: '{"message":"expired"}' },
      { status: 201, body: JSON.stringify(record) },
    );
    await uploadFile(req());
    expect(FakeXhr.sent.map((x) => x.headers.Authorization)).toEqual([`Bearer ${first}`, `Bearer ${next}`]);
    expect(store.get(REFRESH_TOKEN_KEY)).toBe("r2");
  });

  it("rejects with the server's refusal", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    FakeXhr.answers.push({ status: 415, body: '{"message":"Unsupported file type"}' });
    await expect(uploadFile(req())).rejects.toMatchObject({
      kind: "unsupported",
      serverMessage: "Unsupported file type",
    });
  });

  it("a lost connection is a network error", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    FakeXhr.answers.push({ status: 0, body: "" });
    await expect(uploadFile(req())).rejects.toMatchObject({ kind: "network", status: 0 });
  });

  it("a cancelled upload says so", async () => {
    store.set(ACCESS_TOKEN_KEY, fresh());
    const controller = new AbortController();
    controller.abort();
    await expect(uploadFile(req(), { signal: controller.signal })).rejects.toMatchObject({
      kind: "cancelled",
    });
  });
});
