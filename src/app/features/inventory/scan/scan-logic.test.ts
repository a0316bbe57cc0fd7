import { describe, expect, it } from "vitest";
import { validateItemFields } from "../../../../domain/inventory/validate";
import {
  cameraConstraints,
  cameraPrecheck,
  classifyCameraError,
  createCodeDebouncer,
  createSerialQueue,
  decideAction,
  normalizeCode,
  opensItem,
  parseRepeatWindow,
  pickCamera,
  scanArea,
  scanAreaBox,
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
  it("takes a different code at once; the first again only once it has been away for the window", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    expect(d.accept("B", 100)).toBe(true);
    expect(d.accept("A", 200)).toBe(false);
    expect(d.accept("A", 2200)).toBe(true);
  });
  it("applies one new code per frame and counts the others in it as seen", () => {
    const d = createCodeDebouncer(1000);
    expect(d.acceptFrame(["EAN", "SKU"], 0)).toBe("EAN");
    // both stay in view: nothing more
    expect(d.acceptFrame(["SKU", "EAN"], 100)).toBeNull();
    expect(d.acceptFrame(["SKU"], 900)).toBeNull();
    expect(d.acceptFrame([], 1000)).toBeNull();
    expect(d.acceptFrame(["EAN", "SKU"], 1950)).toBe("EAN");
  });
  it("says whether a code would be taken without marking it as seen", () => {
    const d = createCodeDebouncer(2000);
    expect(d.isFresh("A", 0)).toBe(true);
    expect(d.isFresh("A", 10)).toBe(true);
    expect(d.accept("A", 20)).toBe(true);
    expect(d.isFresh("A", 500)).toBe(false);
    expect(d.isFresh("A", 2020)).toBe(true);
  });
  it("uses a window changed while running", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    d.setWindow(1000);
    expect(d.accept("A", 1000)).toBe(true);
  });
  it("takes the same code again after reset", () => {
    const d = createCodeDebouncer(2000);
    expect(d.accept("A", 0)).toBe(true);
    d.reset();
    expect(d.accept("A", 10)).toBe(true);
  });
});

describe("parseRepeatWindow", () => {
  it("keeps a stored choice and falls back to 2 s", () => {
    expect(parseRepeatWindow("5000")).toBe(5000);
    expect(parseRepeatWindow("1000")).toBe(1000);
    expect(parseRepeatWindow("1234")).toBe(2000);
    expect(parseRepeatWindow(null)).toBe(2000);
  });
});

describe("scanArea", () => {
  it("cuts the area from the frame at its native size, centred", () => {
    expect(scanArea(1920, 1080)).toEqual({ x: 96, y: 216, w: 1728, h: 648 });
    expect(scanArea(1280, 720)).toEqual({ x: 64, y: 144, w: 1152, h: 432 });
    // a phone's portrait frame
    expect(scanArea(1080, 1920)).toEqual({ x: 54, y: 636, w: 972, h: 648 });
    expect(scanArea(0, 0)).toBeNull();
  });
  it("draws the same rectangle on the viewfinder in percentages", () => {
    expect(scanAreaBox(1280, 720)).toEqual({
      left: "5.000%",
      top: "20.000%",
      width: "90.000%",
      height: "60.000%",
    });
  });
});

describe("cameraConstraints", () => {
  it("asks for the chosen camera or the one facing away, at 1080p and 30 fps", () => {
    expect(cameraConstraints("cam-2")).toMatchObject({
      deviceId: { exact: "cam-2" },
      width: { ideal: 1920 },
      height: { ideal: 1080 },
    });
    expect(cameraConstraints(null)).toMatchObject({ facingMode: { ideal: "environment" } });
    expect(cameraConstraints(null)).not.toHaveProperty("deviceId");
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
  it("reads error message strings", () => {
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
