import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MappingForm, MappingStatus } from "./api";

export const MAPPING_STATUS_LABELS: Record<MappingStatus, MessageDescriptor> = {
  not_started: msg`Not started`,
  draft: msg`Draft`,
  ready: msg`Ready`,
  reopened: msg`Reopened`,
};

export const MAPPING_STATUS_COLORS: Record<MappingStatus, string> = {
  not_started: "gray",
  draft: "blue",
  ready: "green",
  reopened: "orange",
};

export const FORM_LABELS: Record<MappingForm, MessageDescriptor> = {
  rpie: msg`RPIE`,
  tc201: msg`TC201`,
  tc203: msg`TC203`,
};

export const ACTION_LABELS: Record<string, MessageDescriptor> = {
  hold: msg`Took the hold`,
  release: msg`Released the hold`,
  force_release: msg`Took over the hold`,
  save: msg`Saved`,
  apply_template: msg`Applied the template`,
  correct_amount: msg`Corrected an amount`,
  ready: msg`Marked ready`,
  reopen: msg`Reopened`,
};
