import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Anchor, type AnchorProps, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { createLink } from "@tanstack/react-router";
import { type AnchorHTMLAttributes, forwardRef } from "react";

interface BackAnchorProps
  extends AnchorProps,
    Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof AnchorProps | "children"> {
  /** What the link goes back to ("All invoices"); it is also the link's accessible name. */
  label: MessageDescriptor;
}

const BackAnchor = forwardRef<HTMLAnchorElement, BackAnchorProps>(function BackAnchor(
  { label, ...props },
  ref,
) {
  const { i18n } = useLingui();
  return (
    <Anchor component="a" ref={ref} size="sm" w="fit-content" {...props}>
      <Group component="span" gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {i18n._(label)}
      </Group>
    </Anchor>
  );
});

/**
 * "← All invoices": the link from a detail page back to its list, a typed router link
 * (`to`, `params`, `search` checked) with the label as a Lingui message (`msg\`All invoices\``).
 */
export const BackLink = createLink(BackAnchor);
