import { describe, expect, it } from "vitest";
import { validateItemFields } from "../../../../domain/inventory/validate";
import {
  cameraPrecheck,
  classifyCameraError,
  codeVariants,
  createCodeDebouncer,
  createSerialQueue,
  decideAction,
  normalizeCode,
  opensItem,
  pickCamera,
  scannedItemFields,
  zoomRange,
} from "./scan-logic";

describe("normalizeCode", () => {
  it("strips control characters and spaces", () => {
    expect(normalizeCode("  \u001dABC-123\r\n")).toEqual({ ok: true, code: "ABC-123" });
  });
  it("refuses empty and over-long codes", () => {
    expect(normalizeCode(" \t ")).toEqual({ ok: false, reason: "empty" });
    expect(normalizeCode("x".repeat(65))).toEqual({ ok: false, reason: "too-long" });
    expect(normalizeCode("x".repeat(64))).toEqual({ ok: true, code: "x".repeat(64) });
  });
});

describe("codeVariants", () => {
  it("pairs UPC-A with its EAN-13 spelling both ways", () => {
    expect(codeVariants("036000291452")).toEqual(["036000291452", "0036000291452"]);
    expect(codeVariants("0036000291452")).toEqual(["0036000291452", "036000291452"]);
  });
  it("leaves other codes alone", () => {
    expect(codeVariants("4006381333931")).toEqual(["4006381333931"]);
    expect(codeVariants("SKU-1")).toEqual(["SKU-1"]);
  });
});

describe("createCodeDebouncer", () => {
  it("ignores the same code while it stays in view and takes it again after 2 s away", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    // still in view: every frame restarts the wait
    expect(d.accept("A", 500)).toBe(false);
    expect(d.accept("A", 1900)).toBe(false);
    expect(d.accept("A", 3800)).toBe(false);
    // out of view for 2 s
    expect(d.accept("A", 5800)).toBe(true);
  });
  it("takes a different code at once, and the first again after it", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    expect(d.accept("B", 100)).toBe(true);
    expect(d.accept("A", 200)).toBe(true);
  });
  it("takes the same code again after reset", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    d.reset();
    expect(d.accept("A", 10)).toBe(true);
  });
});

describe("decideAction", () => {
  it("opens or counts a found item, creates an unknown one", () => {
    expect(decideAction("open", true)).toBe("opened");
    expect(decideAction("count", true)).toBe("counted");
    expect(decideAction("open", false)).toBe("created");
    expect(decideAction("count", false)).toBe("created");
    expect(opensItem("open")).toBe(true);
    expect(opensItem("count")).toBe(false);
  });
});

describe("scannedItemFields", () => {
  it("makes a valid item with the code as barcode and SKU and quantity 1", () => {
    const f = scannedItemFields("036000291452", {
      title: "Scanned 036000291452",
      description: "Made by scan",
    });
    expect(validateItemFields(f)).toEqual({});
    expect(f).toMatchObject({
      barcode: "036000291452",
      sku: "036000291452",
      quantity: 1,
      title: "Scanned 036000291452",
    });
  });
  it("cuts a long title to the limit", () => {
    const f = scannedItemFields("A", { title: "t".repeat(300), description: "d" });
    expect(f.title).toHaveLength(200);
    expect(validateItemFields(f)).toEqual({});
  });
});

describe("classifyCameraError", () => {
  const dom = (name: string) => Object.assign(new Error("x"), { name });
  it("reads getUserMedia DOMException names", () => {
    expect(classifyCameraError(dom("NotAllowedError"))).toBe("denied");
    expect(classifyCameraError(dom("SecurityError"))).toBe("denied");
    expect(classifyCameraError(dom("NotFoundError"))).toBe("absent");
    expect(classifyCameraError(dom("OverconstrainedError"))).toBe("absent");
    expect(classifyCameraError(dom("NotReadableError"))).toBe("busy");
  });
  it("reads html5-qrcode's error strings", () => {
    expect(classifyCameraError("Error getting userMedia, error = NotAllowedError: Permission denied")).toBe(
      "denied",
    );
    expect(
      classifyCameraError("Error getting userMedia, error = NotFoundError: Requested device not found"),
    ).toBe("absent");
    expect(classifyCameraError("Camera streaming not supported by the browser.")).toBe("unsupported");
    expect(classifyCameraError("something odd")).toBe("unknown");
  });
  it("prechecks secure context and API", () => {
    expect(cameraPrecheck({ isSecureContext: false, hasGetUserMedia: true })).toBe("insecure");
    expect(cameraPrecheck({ isSecureContext: true, hasGetUserMedia: false })).toBe("unsupported");
    expect(cameraPrecheck({ isSecureContext: true, hasGetUserMedia: true })).toBeNull();
  });
});

describe("pickCamera", () => {
  const cams = [
    { id: "f", label: "Front Camera" },
    { id: "b1", label: "camera2 1, facing back" },
    { id: "b2", label: "camera2 0, facing back" },
  ];
  it("keeps the saved camera while it exists", () => {
    expect(pickCamera(cams, "f")).toBe("f");
    expect(pickCamera(cams, "gone")).toBe("b2");
  });
  it("prefers a rear camera, else lets the browser choose", () => {
    expect(pickCamera(cams, null)).toBe("b2");
    expect(pickCamera([{ id: "w", label: "Integrated Webcam" }], null)).toBeNull();
  });
});

describe("createSerialQueue", () => {
  it("runs jobs in order, one at a time, past a failure", async () => {
    const run = createSerialQueue();
    const log: string[] = [];
    const job =
      (name: string, ms: number, fail = false) =>
      () =>
        new Promise<string>((res, rej) =>
          setTimeout(() => {
            log.push(name);
            fail ? rej(new Error(name)) : res(name);
          }, ms),
        );
    const a = run(job("a", 30));
    const b = run(job("b", 1, true));
    const c = run(job("c", 1));
    await expect(a).resolves.toBe("a");
    await expect(b).rejects.toThrow("b");
    await expect(c).resolves.toBe("c");
    expect(log).toEqual(["a", "b", "c"]);
  });
});

describe("zoomRange", () => {
  it("accepts real ranges only", () => {
    expect(zoomRange({ min: 1, max: 5, step: 0.1 })).toEqual({ min: 1, max: 5, step: 0.1 });
    expect(zoomRange({ min: 1, max: 1, step: 0 })).toBeNull();
    expect(zoomRange({ min: 1, max: 3, step: 0 })).toEqual({ min: 1, max: 3, step: 0.1 });
    expect(zoomRange(null)).toBeNull();
  });
});
