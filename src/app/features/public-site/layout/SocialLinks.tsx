import { useLingui } from "@lingui/react/macro";
import { Anchor, Group, Stack } from "@mantine/core";
import { IconBrandFacebook, IconBrandLinkedin } from "@tabler/icons-react";
import { SOCIAL_LINKS } from "../constants";

/** The two social-network links; they open in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  const { t } = useLingui();
  const links = [
    { href: SOCIAL_LINKS.linkedin, label: "LinkedIn", icon: IconBrandLinkedin },
    { href: SOCIAL_LINKS.facebook, label: "Facebook", icon: IconBrandFacebook },
  ];
  return (
    <Stack gap={4}>
      {links.map(({ href, label, icon: Icon }) => (
        <Anchor
          key={label}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className={className}
          aria-label={t`${label} (opens in a new tab)`}
        >
          <Group gap={6} wrap="nowrap" component="span">
            <Icon size={16} aria-hidden="true" />
            {label}
          </Group>
        </Anchor>
      ))}
    </Stack>
  );
}
