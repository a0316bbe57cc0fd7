import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OutboxStatus } from "../../../domain/outbox";

export const STATUS_LABELS: Record<OutboxStatus, MessageDescriptor> = {
  sent: msg`Sent`,
  failed: msg`Failed`,
  kept: msg`In the outbox`,
};

export const STATUS_COLORS: Record<OutboxStatus, string> = { sent: "green", failed: "red", kept: "gray" };
