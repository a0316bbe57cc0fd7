import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FilingKind, FilingState, InvoiceStatus, QuoteItemKind } from "../../../domain/filing";

export const STATE_LABELS: Record<FilingState, MessageDescriptor> = {
  documents_requested: msg`Documents requested`,
  documents_received: msg`Documents received`,
  in_review: msg`In review`,
  quoted: msg`Quoted`,
  paid: msg`Paid`,
  mapping: msg`Mapping`,
  ready_to_file: msg`Ready to file`,
  filed: msg`Filed`,
  needs_information: msg`Needs information`,
};

export const STATE_COLORS: Record<FilingState, string> = {
  documents_requested: "gray",
  documents_received: "blue",
  in_review: "indigo",
  quoted: "violet",
  paid: "teal",
  mapping: "cyan",
  ready_to_file: "lime",
  filed: "green",
  needs_information: "orange",
};

export const KIND_LABELS: Record<FilingKind, MessageDescriptor> = {
  rpie: msg`RPIE statement`,
  penalty_removal: msg`Penalty removal`,
};

export const ITEM_LABELS: Record<QuoteItemKind, MessageDescriptor> = {
  base_filing: msg`Base filing`,
  extra_statement: msg`Extra statement`,
  rent_roll: msg`Rent roll`,
  penalty_removal: msg`Penalty removal`,
  rush: msg`Rush`,
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, MessageDescriptor> = {
  unpaid: msg`Unpaid`,
  paid: msg`Paid`,
  void: msg`Void`,
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  unpaid: "orange",
  paid: "green",
  void: "gray",
};

export const METHOD_LABELS: Record<string, MessageDescriptor> = {
  stripe: msg`Card (Stripe)`,
  bank_transfer: msg`Bank transfer`,
  check: msg`Check`,
};
