/**
 * Sign-out from the account menu (docs/offline.md "Signing out"): a sign-out wipes this device's
 * data, so when the outbox still holds writes the server has not taken, the user is told how
 * many and chooses to stay (and let them be sent) or to sign out anyway.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { AppModal } from "../../ui/AppModal";
import { toast } from "../../ui/toast";
import { useAuth } from "./auth-context";

async function countUnsent(): Promise<number> {
  try {
    const [{ unsentChanges }, { getDb }] = await Promise.all([
      import("../../offline/device-data"),
      import("../../offline/db"),
    ]);
    return await unsentChanges(getDb());
  } catch (error) {
    console.warn("The outbox could not be read", error);
    return 0;
  }
}

export function useSignOut() {
  const { signOut } = useAuth();
  const { t } = useLingui();
  const [unsent, setUnsent] = useState(0);
  const [busy, setBusy] = useState(false);

  const leave = async () => {
    setBusy(true);
    try {
      await signOut();
    } catch (error) {
      console.error("Logout failed", error);
      toast.error(t`Something went wrong!`);
    } finally {
      setBusy(false);
      setUnsent(0);
    }
  };

  /** Signs out at once, or asks first when writes are still waiting to be sent. */
  const request = async () => {
    const n = await countUnsent();
    if (n > 0) setUnsent(n);
    else await leave();
  };

  const confirm = (
    <AppModal opened={unsent > 0} onClose={() => setUnsent(0)} title={t`Sign out?`} centered>
      <Stack>
        <Text size="sm" fw={600} role="alert">
          <Plural
            value={unsent}
            one="# change has not been sent yet."
            other="# changes have not been sent yet."
          />
        </Text>
        <Text size="sm">
          <Trans>
            Signing out deletes this device's copy of your data, and these changes with it. Stay signed in and
            online until they are sent to keep them.
          </Trans>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setUnsent(0)} data-autofocus>
            <Trans>Stay signed in</Trans>
          </Button>
          <Button color="red" loading={busy} onClick={() => void leave()}>
            <Trans>Sign out anyway</Trans>
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );

  return { request, confirm };
}
