/**
 * Selling setup on eBay (Account and Inventory APIs): opting in to business policies, the
 * fulfillment, payment and return policies listings use (picked from the seller's or created
 * with sensible defaults), and the inventory location made from the company's address.
 */
import { EBAY_MARKETPLACE, type EbayPolicies, type EbaySetup } from "../../../domain/ebay/contract";
import { type EbayClient, ok } from "../../integrations/ebay/client";
import type { ConnectionRow } from "./store";

const BUSINESS_POLICIES_PROGRAM = "SELLING_POLICY_MANAGEMENT";
const MERCHANT_LOCATION_KEY = "BLOCKLOT-MAIN";

export function setupOf(row: ConnectionRow | undefined): EbaySetup {
  const s = {
    businessPolicies: !!row?.businessPolicies,
    fulfillmentPolicyId: row?.fulfillmentPolicyId ?? null,
    paymentPolicyId: row?.paymentPolicyId ?? null,
    returnPolicyId: row?.returnPolicyId ?? null,
    merchantLocationKey: row?.merchantLocationKey ?? null,
  };
  return {
    ...s,
    complete:
      s.businessPolicies &&
      !!s.fulfillmentPolicyId &&
      !!s.paymentPolicyId &&
      !!s.returnPolicyId &&
      !!s.merchantLocationKey,
  };
}

/** Opted in already, or opts in now (eBay may take a while to confirm; the answer is what counts here). */
export async function optInToBusinessPolicies(client: EbayClient): Promise<boolean> {
  const programs =
    ok("getOptedInPrograms", await client.account.GET("/program/get_opted_in_programs")).programs ?? [];
  if (programs.some((p) => p.programType === BUSINESS_POLICIES_PROGRAM)) return true;
  ok(
    "optInToProgram",
    await client.account.POST("/program/opt_in", {
      params: { header: { "Content-Type": "application/json" } },
      body: { programType: BUSINESS_POLICIES_PROGRAM },
    }),
  );
  return true;
}

export async function listPolicies(client: EbayClient): Promise<EbayPolicies> {
  const query = { query: { marketplace_id: EBAY_MARKETPLACE } };
  const [f, p, r] = await Promise.all([
    client.account.GET("/fulfillment_policy", { params: query }),
    client.account.GET("/payment_policy", { params: query }),
    client.account.GET("/return_policy", { params: query }),
  ]);
  return {
    fulfillment: (ok("getFulfillmentPolicies", f).fulfillmentPolicies ?? []).map((x) => ({
      id: x.fulfillmentPolicyId ?? "",
      name: x.name ?? "",
    })),
    payment: (ok("getPaymentPolicies", p).paymentPolicies ?? []).map((x) => ({
      id: x.paymentPolicyId ?? "",
      name: x.name ?? "",
    })),
    return: (ok("getReturnPolicies", r).returnPolicies ?? []).map((x) => ({
      id: x.returnPolicyId ?? "",
      name: x.name ?? "",
    })),
  };
}

const CATEGORY_TYPES = [{ name: "ALL_EXCLUDING_MOTORS_VEHICLES" as const }];

/** Default policies: USPS Priority with free shipping and 1 day handling, eBay managed payments, 30-day returns paid by the buyer. */
export async function createDefaultPolicy(client: EbayClient, kind: "fulfillment" | "payment" | "return") {
  const json = { header: { "Content-Type": "application/json" } };
  if (kind === "fulfillment") {
    const body = ok(
      "createFulfillmentPolicy",
      await client.account.POST("/fulfillment_policy/", {
        params: json,
        body: {
          name: "Blocklot shipping",
          marketplaceId: EBAY_MARKETPLACE,
          categoryTypes: CATEGORY_TYPES,
          handlingTime: { value: 1, unit: "DAY" },
          shippingOptions: [
            {
              optionType: "DOMESTIC",
              costType: "FLAT_RATE",
              shippingServices: [
                {
                  sortOrder: 1,
                  shippingCarrierCode: "USPS",
                  shippingServiceCode: "USPSPriority",
                  freeShipping: true,
                  shippingCost: { value: "0.00", currency: "USD" },
                },
              ],
            },
          ],
        },
      }),
    );
    return body.fulfillmentPolicyId ?? "";
  }
  if (kind === "payment") {
    const body = ok(
      "createPaymentPolicy",
      await client.account.POST("/payment_policy", {
        params: json,
        body: {
          name: "Blocklot payment",
          marketplaceId: EBAY_MARKETPLACE,
          categoryTypes: CATEGORY_TYPES,
          immediatePay: true,
        },
      }),
    );
    return body.paymentPolicyId ?? "";
  }
  const body = ok(
    "createReturnPolicy",
    await client.account.POST("/return_policy", {
      params: json,
      body: {
        name: "Blocklot returns",
        marketplaceId: EBAY_MARKETPLACE,
        categoryTypes: CATEGORY_TYPES,
        returnsAccepted: true,
        returnPeriod: { value: 30, unit: "DAY" },
        returnShippingCostPayer: "BUYER",
      },
    }),
  );
  return body.returnPolicyId ?? "";
}

export interface LocationAddress {
  addressLine1: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  country: string;
}

/**
 * The company's address as eBay's location fields, when its text reads as a US address
 * ("12 Main St, Brooklyn, NY 11201"); the setup form starts from it and the seller corrects it.
 */
export function parseUsAddress(text: string | null | undefined): Partial<LocationAddress> {
  if (!text) return {};
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const out: Partial<LocationAddress> = { country: "US" };
  const last = parts[parts.length - 1] ?? "";
  const m = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(last);
  if (m) {
    out.stateOrProvince = m[1]?.toUpperCase();
    out.postalCode = m[2];
    parts.pop();
  } else if (/^(USA?|United States)$/i.test(last)) {
    parts.pop();
    return { ...parseUsAddress(parts.join(", ")), country: "US" };
  }
  if (parts.length >= 2) out.city = parts.pop();
  if (parts.length) out.addressLine1 = parts.join(", ");
  return out;
}

/** Creates (or finds) the inventory location; answers its merchant location key. */
export async function ensureLocation(client: EbayClient, companyName: string, address: LocationAddress) {
  const key = MERCHANT_LOCATION_KEY;
  const existing = await client.inventory.GET("/location/{merchantLocationKey}", {
    params: { path: { merchantLocationKey: key } },
  });
  if (existing.response.ok) return key;
  if (existing.response.status !== 404) ok("getInventoryLocation", existing);
  const created = await client.inventory.POST("/location/{merchantLocationKey}", {
    params: { path: { merchantLocationKey: key }, header: { "Content-Type": "application/json" } },
    body: {
      name: companyName.slice(0, 1000),
      merchantLocationStatus: "ENABLED",
      locationTypes: ["WAREHOUSE"],
      location: { address },
    },
  });
  if (created.response.status === 409) return key;
  ok("createInventoryLocation", created);
  return key;
}
