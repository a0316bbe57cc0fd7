import { describe, expect, it } from "vitest";
import { ROLES } from "../../domain/roles";
import {
  containsActive,
  isItemActive,
  NAV_SECTIONS,
  type NavItem,
  pathMatches,
  visibleSections,
} from "./nav-sections";

const keys = (user: { roles: string[] } | null) => visibleSections(user).map((s) => s.key);
const find = (key: string): NavItem => {
  const walk = (items: readonly NavItem[]): NavItem | undefined => {
    for (const i of items) {
      if (i.key === key) return i;
      const inner = walk(i.children ?? []);
      if (inner) return inner;
    }
  };
  for (const s of NAV_SECTIONS) {
    const hit = walk(s.items);
    if (hit) return hit;
  }
  throw new Error(`no nav item ${key}`);
};

describe("navigation sections by role", () => {
  it("shows a plain user the main flow, pages and information only", () => {
    expect(keys({ roles: [ROLES.USER] })).toEqual(["mainFlow", "pages", "information"]);
    expect(keys({ roles: [ROLES.COMPANY_ADMIN] })).toEqual(["mainFlow", "pages", "information"]);
  });

  it("shows the Admin and Marketplace sections to a super admin", () => {
    expect(keys({ roles: [ROLES.SUPER_ADMIN] })).toEqual([
      "mainFlow",
      "pages",
      "information",
      "admin",
      "marketplace",
    ]);
  });

  it("shows the Marketplace section but not Admin to marketplace staff", () => {
    expect(keys({ roles: [ROLES.USER, ROLES.MARKETPLACE] })).toEqual([
      "mainFlow",
      "pages",
      "information",
      "marketplace",
    ]);
  });

  it("shows no role-restricted section without a user or with unknown roles", () => {
    expect(keys(null)).toEqual(["mainFlow", "pages", "information"]);
    expect(keys({ roles: ["ROLE_ROOT"] })).toEqual(["mainFlow", "pages", "information"]);
  });

  it("lists the spec's admin pages", () => {
    const admin = NAV_SECTIONS.find((s) => s.key === "admin");
    expect(admin?.items.map((i) => i.path)).toEqual(
      expect.arrayContaining([
        "/admin/statement-mapping",
        "/admin/unregistered-user-list",
        "/admin/all-user-list",
        "/admin/article-list",
      ]),
    );
  });
});

describe("active item and open groups", () => {
  it("matches a path and the pages below it, not look-alike siblings", () => {
    expect(pathMatches("/dashboard/invoices", "/dashboard/invoices")).toBe(true);
    expect(pathMatches("/dashboard/invoices/42", "/dashboard/invoices")).toBe(true);
    expect(pathMatches("/dashboard/invoices/", "/dashboard/invoices")).toBe(true);
    expect(pathMatches("/dashboard/invoices-old", "/dashboard/invoices")).toBe(false);
  });

  it("highlights Upload File on the import page and nothing else in the main flow", () => {
    const main = NAV_SECTIONS[0]?.items ?? [];
    const active = main.filter((i) => isItemActive(i, "/dashboard/import-file")).map((i) => i.key);
    expect(active).toEqual(["uploadFile"]);
  });

  it("opens the inventory group when one of its pages is current", () => {
    const inventory = find("inventory");
    expect(containsActive(inventory, "/dashboard/print-inventory-label")).toBe(true);
    expect(containsActive(inventory, "/dashboard/item/abc")).toBe(true);
    expect(containsActive(inventory, "/dashboard/import-file")).toBe(false);
  });

  it("highlights Batch Items on a batch page but not on the import page it links to", () => {
    expect(isItemActive(find("batchItems"), "/marketplace/item/123")).toBe(true);
    expect(isItemActive(find("batchItems"), "/marketplace/import")).toBe(false);
    expect(isItemActive(find("marketplaceImport"), "/marketplace/import")).toBe(true);
  });

  it("highlights Product Management on the new-product page too", () => {
    expect(isItemActive(find("productManagement"), "/dashboard/product/create")).toBe(true);
    expect(isItemActive(find("productManagement"), "/dashboard/product/list")).toBe(true);
    expect(isItemActive(find("productManagement"), "/dashboard/products")).toBe(false);
  });
});
