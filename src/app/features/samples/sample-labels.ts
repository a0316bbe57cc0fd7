/** The words for the sample seed's states and kinds (sample-data.ts), with their badge colours. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { JobType, ShipmentStatus, TransactionKind, VehicleStatus } from "./sample-data";

export interface Labelled {
  label: MessageDescriptor;
  color: string;
}

export const VEHICLE_STATUS: Record<VehicleStatus, Labelled> = {
  "on-route": { label: msg`On route`, color: "blue" },
  loading: { label: msg`Loading`, color: "violet" },
  idle: { label: msg`Idle`, color: "gray" },
  maintenance: { label: msg`In maintenance`, color: "orange" },
};

export const SHIPMENT_STATUS: Record<ShipmentStatus, Labelled> = {
  "in-transit": { label: msg`In transit`, color: "blue" },
  delivered: { label: msg`Delivered`, color: "teal" },
  delayed: { label: msg`Delayed`, color: "red" },
  pending: { label: msg`Pending`, color: "gray" },
};

export const JOB_TYPE: Record<JobType, Labelled> = {
  "full-time": { label: msg`Full time`, color: "teal" },
  "part-time": { label: msg`Part time`, color: "blue" },
  contract: { label: msg`Contract`, color: "grape" },
};

export const TRANSACTION_KIND: Record<TransactionKind, Labelled> = {
  buy: { label: msg`Bought`, color: "teal" },
  sell: { label: msg`Sold`, color: "red" },
  receive: { label: msg`Received`, color: "blue" },
};
