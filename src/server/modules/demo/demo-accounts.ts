/** The demo company and accounts `npm run seed` makes (steps/accounts.ts). */
export const DEMO_COMPANY = "Demo Realty LLC";

/** The demo accounts (reserved .example addresses: mail to them never leaves the outbox). */
export const DEMO_ACCOUNTS = {
  companyAdmin: { email: "admin@demo-realty.example", displayName: "Dana Admin (demo)" },
  employee: { email: "employee@demo-realty.example", displayName: "Eli Employee (demo)" },
  marketplace: { email: "seller@demo-realty.example", displayName: "Mara Seller (demo)" },
  superAdmin: { email: "superadmin@demo-realty.example", displayName: "Sam Super Admin (demo)" },
} as const;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
