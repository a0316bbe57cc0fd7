/**
 * The one seed of the template's sample pages (crypto, jobs, logistics, social; docs/samples.md).
 * Made up, and always shown under the "Sample data" notice: nothing here is a user's or a
 * company's. Names are proper nouns; every other text is translated.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// Crypto

export interface Holding {
  symbol: string;
  name: string;
  /** US dollars. */
  price: number;
  /** Percent over the last 24 hours. */
  change24h: number;
  amount: number;
}

export const HOLDINGS: readonly Holding[] = [
  { symbol: "BTC", name: "Bitcoin", price: 67_250.4, change24h: 2.4, amount: 0.42 },
  { symbol: "ETH", name: "Ethereum", price: 3_480.15, change24h: -1.2, amount: 3.1 },
  { symbol: "SOL", name: "Solana", price: 152.8, change24h: 5.7, amount: 40 },
  { symbol: "ADA", name: "Cardano", price: 0.46, change24h: -0.8, amount: 5_200 },
  { symbol: "USDC", name: "USD Coin", price: 1, change24h: 0, amount: 2_500 },
];

export type TransactionKind = "buy" | "sell" | "receive";

export interface CryptoTransaction {
  id: string;
  kind: TransactionKind;
  symbol: string;
  amount: number;
  /** US dollars at the time. */
  value: number;
  date: string;
}

export const TRANSACTIONS: readonly CryptoTransaction[] = [
  { id: "tx-1", kind: "buy", symbol: "BTC", amount: 0.05, value: 3_310, date: "2026-11-24" },
  { id: "tx-2", kind: "sell", symbol: "ETH", amount: 0.8, value: 2_790, date: "2026-11-21" },
  { id: "tx-3", kind: "receive", symbol: "SOL", amount: 12, value: 1_820, date: "2026-11-18" },
  { id: "tx-4", kind: "buy", symbol: "ADA", amount: 1_500, value: 705, date: "2026-11-12" },
];

// Jobs

export interface SampleCompany {
  id: string;
  name: string;
  industry: MessageDescriptor;
  location: string;
  employees: number;
  about: MessageDescriptor;
}

export const COMPANIES: readonly SampleCompany[] = [
  {
    id: "harbor-property",
    name: "Harbor Property Group",
    industry: msg`Property management`,
    location: "Brooklyn, NY",
    employees: 120,
    about: msg`Manages mixed-use buildings across Brooklyn and Queens, from leasing to repairs.`,
  },
  {
    id: "second-shelf",
    name: "Second Shelf Resale",
    industry: msg`Online resale`,
    location: "Newark, NJ",
    employees: 35,
    about: msg`Buys returned and overstock goods by the pallet and resells them online.`,
  },
  {
    id: "ledgerline",
    name: "Ledgerline Accounting",
    industry: msg`Accounting`,
    location: "Manhattan, NY",
    employees: 60,
    about: msg`Bookkeeping and year-end statements for small landlords.`,
  },
];

export type JobType = "full-time" | "part-time" | "contract";

export interface SampleJob {
  id: string;
  title: MessageDescriptor;
  companyId: string;
  location: string;
  type: JobType;
  /** Yearly US dollars, from and to. */
  salary: readonly [number, number];
  posted: string;
}

export const JOBS: readonly SampleJob[] = [
  {
    id: "job-1",
    title: msg`Property accountant`,
    companyId: "harbor-property",
    location: "Brooklyn, NY",
    type: "full-time",
    salary: [68_000, 82_000],
    posted: "2026-11-20",
  },
  {
    id: "job-2",
    title: msg`Building superintendent`,
    companyId: "harbor-property",
    location: "Queens, NY",
    type: "full-time",
    salary: [55_000, 65_000],
    posted: "2026-11-16",
  },
  {
    id: "job-3",
    title: msg`Product photographer`,
    companyId: "second-shelf",
    location: "Newark, NJ",
    type: "part-time",
    salary: [30_000, 38_000],
    posted: "2026-11-22",
  },
  {
    id: "job-4",
    title: msg`Listing specialist`,
    companyId: "second-shelf",
    location: "Hoboken, NJ",
    type: "contract",
    salary: [40_000, 48_000],
    posted: "2026-11-10",
  },
  {
    id: "job-5",
    title: msg`Tax season bookkeeper`,
    companyId: "ledgerline",
    location: "Manhattan, NY",
    type: "contract",
    salary: [45_000, 52_000],
    posted: "2026-11-05",
  },
];

// Logistics

export type VehicleStatus = "on-route" | "loading" | "idle" | "maintenance";

export interface Vehicle {
  id: string;
  model: string;
  driver: string;
  status: VehicleStatus;
  location: string;
  /** Percent. */
  fuel: number;
}

export const VEHICLES: readonly Vehicle[] = [
  {
    id: "VAN-101",
    model: "Ford Transit",
    driver: "Maria Lopez",
    status: "on-route",
    location: "Long Island City",
    fuel: 64,
  },
  {
    id: "VAN-102",
    model: "Ram ProMaster",
    driver: "Dev Patel",
    status: "loading",
    location: "Red Hook",
    fuel: 88,
  },
  {
    id: "TRK-201",
    model: "Isuzu NPR",
    driver: "Sam Okafor",
    status: "on-route",
    location: "Secaucus",
    fuel: 41,
  },
  {
    id: "TRK-202",
    model: "Isuzu NPR",
    driver: "Lena Fischer",
    status: "maintenance",
    location: "Red Hook",
    fuel: 12,
  },
  {
    id: "VAN-103",
    model: "Ford Transit",
    driver: "Chris Wong",
    status: "idle",
    location: "Red Hook",
    fuel: 95,
  },
];

export type ShipmentStatus = "in-transit" | "delivered" | "delayed" | "pending";

export interface Shipment {
  id: string;
  origin: string;
  destination: string;
  vehicleId: string;
  status: ShipmentStatus;
  eta: string;
}

export const SHIPMENTS: readonly Shipment[] = [
  {
    id: "SHP-3041",
    origin: "Red Hook",
    destination: "Astoria",
    vehicleId: "VAN-101",
    status: "in-transit",
    eta: "2026-11-27T15:30:00Z",
  },
  {
    id: "SHP-3040",
    origin: "Secaucus",
    destination: "Harlem",
    vehicleId: "TRK-201",
    status: "delayed",
    eta: "2026-11-27T17:00:00Z",
  },
  {
    id: "SHP-3039",
    origin: "Red Hook",
    destination: "Park Slope",
    vehicleId: "VAN-102",
    status: "pending",
    eta: "2026-11-27T19:00:00Z",
  },
  {
    id: "SHP-3038",
    origin: "Red Hook",
    destination: "Jersey City",
    vehicleId: "VAN-103",
    status: "delivered",
    eta: "2026-11-26T14:10:00Z",
  },
];

// Social

export interface SampleProfile {
  name: string;
  handle: string;
  headline: MessageDescriptor;
  bio: MessageDescriptor;
  location: string;
  joined: string;
  followers: number;
  /** New followers over the last 7 days. */
  followersThisWeek: number;
  following: number;
}

export const PROFILE: SampleProfile = {
  name: "Jordan Rivera",
  handle: "@jordan.r",
  headline: msg`Landlord of three buildings in Queens`,
  bio: msg`Files the RPIE every spring, resells furniture from turnovers on weekends.`,
  location: "Queens, NY",
  joined: "2024-03-02",
  followers: 1_284,
  followersThisWeek: 18,
  following: 312,
};

export interface SamplePost {
  id: string;
  author: string;
  handle: string;
  text: MessageDescriptor;
  date: string;
  likes: number;
  comments: number;
}

export const POSTS: readonly SamplePost[] = [
  {
    id: "post-1",
    author: PROFILE.name,
    handle: PROFILE.handle,
    text: msg`Statements for all three buildings are in. Filing a month before June 1 this year.`,
    date: "2026-11-25T14:20:00Z",
    likes: 42,
    comments: 6,
  },
  {
    id: "post-2",
    author: "Priya Shah",
    handle: "@priya.resale",
    text: msg`Tip: photograph the label and every scratch. Fewer returns, better reviews.`,
    date: "2026-11-24T09:05:00Z",
    likes: 128,
    comments: 17,
  },
  {
    id: "post-3",
    author: PROFILE.name,
    handle: PROFILE.handle,
    text: msg`Listed twelve chairs from a turnover this weekend. Nine sold by Sunday night.`,
    date: "2026-11-22T18:45:00Z",
    likes: 65,
    comments: 9,
  },
  {
    id: "post-4",
    author: "Marcus Lee",
    handle: "@marcus.builds",
    text: msg`Our co-op found out it qualifies for the exclusion, but still has to file the Claim of Exclusion.`,
    date: "2026-11-20T12:00:00Z",
    likes: 33,
    comments: 4,
  },
];
