/**
 * Where the sales screens live (docs/commerce.md). Orders, customers and products each have one
 * splat route (`routes/dashboard/orders.$.tsx`…), like the blog, so the landing page's route table
 * grows by one entry per area; these parse the rest of the path. null: the 404 page.
 */
import { BUYER_USERNAME_PATTERN, ORDER_ID_PATTERN } from "../../../domain/commerce/contract";

const ORDER_ID = new RegExp(ORDER_ID_PATTERN);
const USERNAME = new RegExp(BUYER_USERNAME_PATTERN);
const trim = (splat: string) => splat.replace(/\/+$/, "");

export type OrdersPath = { screen: "list" } | { screen: "order"; orderId: string } | null;
export type CustomersPath = { screen: "list" } | { screen: "customer" | "edit"; username: string } | null;
export type ProductsPath = { screen: "list" | "create" } | null;

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/** "" (the list) or "{orderId}". */
export function parseOrdersPath(splat: string): OrdersPath {
  const path = trim(splat);
  if (path === "") return { screen: "list" };
  const id = decoded(path);
  return id && ORDER_ID.test(id) ? { screen: "order", orderId: id } : null;
}

/** "" (the list), "{customerId}" or "{customerId}/edit"; a customer is named by their eBay user name. */
export function parseCustomersPath(splat: string): CustomersPath {
  const path = trim(splat);
  if (path === "") return { screen: "list" };
  const [first = "", rest, ...more] = path.split("/");
  const username = decoded(first);
  if (!username || !USERNAME.test(username) || more.length > 0) return null;
  if (rest === undefined) return { screen: "customer", username };
  return rest === "edit" ? { screen: "edit", username } : null;
}

/** "" (the product list) or "create". */
export function parseProductsPath(splat: string): ProductsPath {
  const path = trim(splat);
  if (path === "") return { screen: "list" };
  return path === "create" ? { screen: "create" } : null;
}
