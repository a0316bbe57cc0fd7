import { useLingui } from "@lingui/react/macro";
import { Center, Loader, Stack } from "@mantine/core";
import { Logo } from "./Logo";

/** Shown until authentication initialisation completes (spec section 2). */
export function SplashScreen() {
  const { t } = useLingui();
  return (
    <Center h="100dvh" role="status" aria-label={t`Loading`}>
      <Stack align="center" gap="md">
        <Logo size={56} />
        <Loader size="sm" type="dots" />
      </Stack>
    </Center>
  );
}
