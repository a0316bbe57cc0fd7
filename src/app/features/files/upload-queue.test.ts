import { describe, expect, it } from "vitest";
import type { UploadResult } from "./files-api";
import { canRetryUpload, newUploadItem, uploadReducer, visibleUploads } from "./upload-queue";

const target = { bblId: "p1", documentType: "rent_roll" as const, statementYear: 2024 };
const pdf = (name: string) => new File(["%PDF-1.4"], name, { type: "application/pdf" });
const result = (id: string, duplicate: boolean) => ({ id, duplicate }) as UploadResult;

describe("uploadReducer", () => {
  it("follows each upload from progress to its answer", () => {
    let items = uploadReducer([], {
      type: "add",
      items: [newUploadItem("k1", pdf("a.pdf"), target), newUploadItem("k2", pdf("b.pdf"), target)],
    });
    expect(items.map((i) => [i.key, i.state, i.progress])).toEqual([
      ["k1", "uploading", 0],
      ["k2", "uploading", 0],
    ]);
    items = uploadReducer(items, { type: "progress", key: "k1", progress: 0.4 });
    items = uploadReducer(items, { type: "progress", key: "k2", progress: 7 });
    expect(items.map((i) => i.progress)).toEqual([0.4, 1]);
    items = uploadReducer(items, { type: "done", key: "k1", result: result("f1", false) });
    items = uploadReducer(items, { type: "done", key: "k2", result: result("f0", true) });
    expect(items.map((i) => [i.state, i.fileId])).toEqual([
      ["done", "f1"],
      ["duplicate", "f0"],
    ]);
  });

  it("keeps a failure with its reason, and a retry starts over", () => {
    let items = uploadReducer([], { type: "add", items: [newUploadItem("k1", pdf("a.pdf"), target)] });
    items = uploadReducer(items, { type: "progress", key: "k1", progress: 0.5 });
    items = uploadReducer(items, { type: "failed", key: "k1", kind: "network", message: null });
    expect(items[0]).toMatchObject({ state: "error", error: { kind: "network", message: null } });
    // A late progress event does not revive a failed upload.
    items = uploadReducer(items, { type: "progress", key: "k1", progress: 0.9 });
    expect(items[0]?.state).toBe("error");
    items = uploadReducer(items, { type: "retry", key: "k1" });
    expect(items[0]).toMatchObject({ state: "uploading", progress: 0, error: null });
    expect(uploadReducer(items, { type: "dismiss", key: "k1" })).toEqual([]);
  });
});

describe("visibleUploads", () => {
  it("shows the chosen property's unfinished, refused and duplicate uploads", () => {
    const items = [
      { ...newUploadItem("k1", pdf("a.pdf"), target), state: "done" as const },
      { ...newUploadItem("k2", pdf("b.pdf"), target), state: "duplicate" as const },
      newUploadItem("k3", pdf("c.pdf"), target),
      newUploadItem("k4", pdf("d.pdf"), { ...target, bblId: "p2" }),
    ];
    expect(visibleUploads(items, "p1").map((i) => i.key)).toEqual(["k2", "k3"]);
    expect(visibleUploads(items, null)).toEqual([]);
  });
});

describe("canRetryUpload", () => {
  it("offers a retry after a hiccup, not after a refusal", () => {
    const failedWith = (
      kind: "network" | "server" | "unsupported" | "too-large" | "invalid" | "rejected",
    ) => {
      const [item] = uploadReducer([newUploadItem("k", pdf("a.pdf"), target)], {
        type: "failed",
        key: "k",
        kind,
        message: null,
      });
      if (!item) throw new Error("no item");
      return item;
    };
    expect(canRetryUpload(failedWith("network"))).toBe(true);
    expect(canRetryUpload(failedWith("server"))).toBe(true);
    expect(canRetryUpload(failedWith("unsupported"))).toBe(false);
    expect(canRetryUpload(failedWith("too-large"))).toBe(false);
    expect(canRetryUpload(failedWith("invalid"))).toBe(false);
    expect(canRetryUpload(failedWith("rejected"))).toBe(false);
    expect(canRetryUpload(newUploadItem("k", pdf("a.pdf"), target))).toBe(false);
  });
});
