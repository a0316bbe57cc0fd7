import { describe, expect, it, vi } from "vitest";
import type { Company } from "./company-api";
import { AFTER_SWITCH_PATH, type CompanyDeps, createCompanyStore, toEntries } from "./company-store";

const company = (id: string, name: string, isPrimary: boolean | number): Company => ({
  id,
  companyName: name,
  isPrimary,
  createdAt: "2025-01-01T00:00:00Z",
  users: [],
});

function deps(over: Partial<CompanyDeps> = {}) {
  const calls: string[] = [];
  const d: CompanyDeps = {
    list: vi.fn(async () => [company("a", "Acme", true), company("b", "Brick LLC", 0)]),
    setActive: vi.fn(async (id: string) => {
      calls.push(`setActive:${id}`);
      return [company("a", "Acme", 0), company("b", "Brick LLC", 1)];
    }),
    refreshToken: vi.fn(async () => {
      calls.push("refresh");
    }),
    reload: vi.fn((path: string) => {
      calls.push(`reload:${path}`);
    }),
    log: vi.fn(),
    ...over,
  };
  return { d, calls };
}

describe("company switcher entries", () => {
  it("uses id and name and treats true or 1 as the primary company", () => {
    expect(toEntries([company("a", "Acme", true), company("b", "B", 1), company("c", "C", 0)])).toEqual([
      { id: "a", name: "Acme", isPrimary: true },
      { id: "b", name: "B", isPrimary: true },
      { id: "c", name: "C", isPrimary: false },
    ]);
  });
});

describe("company store", () => {
  it("fetches the list once while it is empty", async () => {
    const { d } = deps();
    const store = createCompanyStore(d);
    await Promise.all([store.ensureLoaded(), store.ensureLoaded()]);
    await store.ensureLoaded();
    expect(d.list).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe("succeeded");
    expect(toEntries(store.getState().companies).map((e) => e.name)).toEqual(["Acme", "Brick LLC"]);
  });

  it("clearing tells the switcher only when there was something to forget", async () => {
    const { d } = deps();
    const store = createCompanyStore(d);
    const heard = vi.fn();
    store.subscribe(heard);
    store.clear();
    expect(heard).not.toHaveBeenCalled();
    await store.ensureLoaded();
    heard.mockClear();
    store.clear();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({ companies: [], status: "idle", switching: null });
    await store.ensureLoaded();
    expect(d.list).toHaveBeenCalledTimes(2);
  });

  it("does not refetch an empty answer (the switcher shows it has no tenants)", async () => {
    const { d } = deps({ list: vi.fn(async () => []) });
    const store = createCompanyStore(d);
    await store.ensureLoaded();
    await store.ensureLoaded();
    expect(d.list).toHaveBeenCalledTimes(1);
    expect(store.getState().companies).toEqual([]);
  });

  it("only logs a failed fetch and a list without a primary company", async () => {
    const failing = deps({ list: vi.fn(async () => Promise.reject(new Error("offline"))) });
    const store = createCompanyStore(failing.d);
    await expect(store.ensureLoaded()).resolves.toBeUndefined();
    expect(store.getState().status).toBe("failed");
    expect(failing.d.log).toHaveBeenCalledWith("Could not load companies", expect.any(Error));

    const noPrimary = deps({ list: vi.fn(async () => [company("a", "Acme", 0)]) });
    const s2 = createCompanyStore(noPrimary.d);
    await s2.ensureLoaded();
    expect(noPrimary.d.log).toHaveBeenCalledWith("No primary company found");
  });

  it("switching sets the company active, then refreshes the token, then reloads the import dashboard", async () => {
    const { d, calls } = deps();
    const store = createCompanyStore(d);
    await store.ensureLoaded();
    await expect(store.select("b")).resolves.toBe(true);
    expect(calls).toEqual(["setActive:b", "refresh", `reload:${AFTER_SWITCH_PATH}`]);
    expect(AFTER_SWITCH_PATH).toBe("/dashboard/import-file");
    expect(
      toEntries(store.getState().companies)
        .filter((e) => e.isPrimary)
        .map((e) => e.id),
    ).toEqual(["b"]);
  });

  it("does nothing when the active company is chosen again", async () => {
    const { d } = deps();
    const store = createCompanyStore(d);
    await store.ensureLoaded();
    await expect(store.select("a")).resolves.toBe(false);
    expect(d.setActive).not.toHaveBeenCalled();
  });

  it("only logs a failed switch and does not reload", async () => {
    const { d } = deps({ setActive: vi.fn(async () => Promise.reject(new Error("500"))) });
    const store = createCompanyStore(d);
    await store.ensureLoaded();
    await expect(store.select("b")).resolves.toBe(false);
    expect(d.refreshToken).not.toHaveBeenCalled();
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalledWith("Could not change the active company", expect.any(Error));
    expect(store.getState().switching).toBeNull();
  });

  it("does not reload when the token refresh fails", async () => {
    const { d } = deps({ refreshToken: vi.fn(async () => Promise.reject(new Error("401"))) });
    const store = createCompanyStore(d);
    await store.ensureLoaded();
    await store.select("b");
    expect(d.reload).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalled();
  });
});
