import { describe, expect, it } from "vitest";
import { parseCustomersPath, parseOrdersPath, parseProductsPath } from "./commerce-paths";

describe("commerce paths", () => {
  it("reads orders and an order id", () => {
    expect(parseOrdersPath("")).toEqual({ screen: "list" });
    expect(parseOrdersPath("12-34567-89012/")).toEqual({ screen: "order", orderId: "12-34567-89012" });
    expect(parseOrdersPath("12 34")).toBeNull();
    expect(parseOrdersPath("a/b")).toBeNull();
  });

  it("reads customers by eBay user name, their page and its edit form", () => {
    expect(parseCustomersPath("")).toEqual({ screen: "list" });
    expect(parseCustomersPath("jane_buys")).toEqual({ screen: "customer", username: "jane_buys" });
    expect(parseCustomersPath("max.collects/edit")).toEqual({ screen: "edit", username: "max.collects" });
    expect(parseCustomersPath("jane%2Abuys")).toEqual({ screen: "customer", username: "jane*buys" });
    expect(parseCustomersPath("jane/delete")).toBeNull();
    expect(parseCustomersPath("jane/edit/x")).toBeNull();
    expect(parseCustomersPath("%E0%A4%A")).toBeNull();
  });

  it("reads the product list and the create form", () => {
    expect(parseProductsPath("")).toEqual({ screen: "list" });
    expect(parseProductsPath("create")).toEqual({ screen: "create" });
    expect(parseProductsPath("other")).toBeNull();
  });
});
