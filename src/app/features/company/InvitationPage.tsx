import "../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconUsersPlus } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/error-message";
import { HttpError } from "../../lib/http";
import { usePageTitle } from "../../ui/usePageTitle";
import { useAuth } from "../auth/auth-context";
import { LOGIN_PATH, REGISTER_PATH } from "../auth/issuer";
import { ExpiredLinkPage } from "../errors/pages";
import { companyAccountApi, type InvitationView } from "./company-account-api";
import { useRoleLabel } from "./role-labels";

type State =
  | { kind: "loading" }
  | { kind: "ready"; invitation: InvitationView }
  | { kind: "closed"; message: string }
  | { kind: "failed"; message: string };

/** Where the app goes after joining: the new active company's account page (full load: new token, new company). */
const AFTER_ACCEPT_PATH = "/dashboard/company-account";

/** /invitation/$hash: "You're invited to join {companyName}"; sign in or register, then accept. */
export function InvitationPage({ hash }: { hash: string }) {
  const { t } = useLingui();
  const auth = useAuth();
  const roleLabel = useRoleLabel();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [accepting, setAccepting] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    companyAccountApi
      .invitation(hash)
      .then((invitation) => live && setState({ kind: "ready", invitation }))
      .catch((error) => {
        if (!live) return;
        if (
          error instanceof HttpError &&
          (error.status === 409 || error.status === 400 || error.status === 414)
        )
          setState({ kind: "closed", message: error.message });
        else setState({ kind: "failed", message: errorMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [hash]);

  const here = `/invitation/${hash}`;
  const title =
    state.kind === "ready" ? t`You're invited to join ${state.invitation.companyName}` : t`Invitation`;
  usePageTitle(state.kind === "closed" ? null : title);

  if (state.kind === "closed") {
    return (
      <ExpiredLinkPage>
        <Text>{state.message}</Text>
      </ExpiredLinkPage>
    );
  }

  const accept = async () => {
    setAccepting(true);
    setAcceptError(null);
    try {
      await companyAccountApi.accept(hash);
      // The access token names the active company and its roles: get a fresh one, then load the app anew.
      await auth.refreshToken().catch((error) => console.warn("Token refresh after joining failed", error));
      window.location.assign(AFTER_ACCEPT_PATH);
    } catch (error) {
      if (error instanceof HttpError && error.status === 409)
        setState({ kind: "closed", message: error.message });
      else setAcceptError(errorMessage(error));
      setAccepting(false);
    }
  };

  return (
    <Container size="xs" py={64} component="main">
      <Card withBorder radius="lg" p="xl">
        {state.kind === "loading" ? (
          <Center py="xl">
            <Loader role="status" aria-label={t`Loading the invitation`} />
          </Center>
        ) : state.kind === "failed" ? (
          <Alert color="red" title={t`Could not load the invitation`}>
            {state.message}
          </Alert>
        ) : (
          <Stack align="center" ta="center" gap="md">
            <IconUsersPlus
              size={56}
              stroke={1.4}
              color="var(--mantine-primary-color-filled)"
              aria-hidden="true"
            />
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Group gap={6} justify="center">
              {state.invitation.roles.map((r) => (
                <Badge key={r} variant="light">
                  {roleLabel(r)}
                </Badge>
              ))}
            </Group>
            <Text c="dimmed">
              <InvitedAddress email={state.invitation.email} />
            </Text>
            {!auth.isAuthenticated ? (
              <>
                <Text>
                  <Trans>Sign in with this address, or create your account, to accept.</Trans>
                </Text>
                <Group justify="center">
                  <Button
                    renderRoot={(props) => <Link {...props} to={LOGIN_PATH} search={{ returnTo: here }} />}
                  >
                    <Trans>Sign in</Trans>
                  </Button>
                  <Button
                    variant="default"
                    renderRoot={(props) => (
                      <Link {...props} to={REGISTER_PATH as never} search={{ returnTo: here } as never} />
                    )}
                  >
                    <Trans>Create an account</Trans>
                  </Button>
                </Group>
              </>
            ) : auth.user && auth.user.email.toLowerCase() !== state.invitation.email.toLowerCase() ? (
              <WrongAccount
                email={state.invitation.email}
                current={auth.user.email}
                onSignOut={() => void auth.signOut({ redirectHome: false })}
              />
            ) : (
              <>
                {acceptError && (
                  <Alert color="red" role="alert" w="100%">
                    {acceptError}
                  </Alert>
                )}
                <Button size="md" loading={accepting} onClick={() => void accept()}>
                  <Trans>Accept invitation</Trans>
                </Button>
              </>
            )}
          </Stack>
        )}
      </Card>
    </Container>
  );
}

function InvitedAddress({ email }: { email: string }) {
  return <Trans>This invitation is for {email}.</Trans>;
}

function WrongAccount({
  email,
  current,
  onSignOut,
}: {
  email: string;
  current: string;
  onSignOut: () => void;
}) {
  const { t } = useLingui();
  return (
    <Alert color="yellow" title={t`Signed in with another account`} w="100%" ta="left" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          <Trans>
            You are signed in as {current}. Sign out and sign in with {email} to accept this invitation.
          </Trans>
        </Text>
        <Button size="xs" variant="light" onClick={onSignOut}>
          <Trans>Sign out</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}
