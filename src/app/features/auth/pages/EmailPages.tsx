import "../../../ui/theme/full-styles";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Center, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconMailForward } from "@tabler/icons-react";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { HttpError } from "../../../lib/http";
import { usePageTitle } from "../../../ui/usePageTitle";
import { ExpiredLinkPage } from "../../errors/pages";
import { authApi, safeReturnTo } from "../auth-api";
import { useAuth } from "../auth-context";
import { HOME_AFTER_LOGIN } from "../issuer";
import { OutboxNotice } from "../OutboxNotice";

function CenteredMessage({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size="xs" py={80} component="main">
      <Center>
        <Stack align="center" ta="center" gap="md">
          {icon}
          <Title order={1} fz={28}>
            {title}
          </Title>
          {children}
        </Stack>
      </Center>
    </Container>
  );
}

/**
 * /confirmation-email/$hash: confirms the address, signs the user in, then moves on — to the
 * link's `returnTo` (a same-origin path, e.g. the invitation the person registered from), or
 * to the "email confirmed" page.
 */
export function ConfirmEmailPage({ hash, returnTo }: { hash: string; returnTo?: string }) {
  const { t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  const [state, setState] = useState<"pending" | "expired" | "failed">("pending");
  const [message, setMessage] = useState("");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    auth
      .registerAfterConfirmation(hash)
      .then(() => {
        const back = safeReturnTo(returnTo);
        if (back) router.history.replace(back);
        else void navigate({ to: "/success-confirmation-email", replace: true });
      })
      .catch((error) => {
        if (error instanceof HttpError && (error.status === 409 || error.status === 410)) setState("expired");
        else {
          setMessage(error instanceof Error ? error.message : String(error));
          setState("failed");
        }
      });
  }, [auth, hash, navigate, router, returnTo]);

  if (state === "expired") {
    return (
      <ExpiredLinkPage>
        <Button
          variant="light"
          onClick={() =>
            void navigate({
              to: "/resend-confirmation-email/$hash",
              params: { hash },
              search: returnTo ? { returnTo } : {},
            })
          }
        >
          <Trans>Send a new confirmation link</Trans>
        </Button>
      </ExpiredLinkPage>
    );
  }
  if (state === "failed") {
    return (
      <CenteredMessage
        icon={<IconCircleX size={56} color="var(--mantine-color-red-6)" />}
        title={t`Confirmation failed`}
      >
        <Alert color="red">{message}</Alert>
        <Button component={Link} to="/">
          <Trans>Back to Home</Trans>
        </Button>
      </CenteredMessage>
    );
  }
  return (
    <CenteredMessage icon={<Loader />} title={t`Confirming your email…`}>
      <Text c="dimmed">
        <Trans>One moment please.</Trans>
      </Text>
    </CenteredMessage>
  );
}

/** /resend-confirmation-email/$hash: sends a new link for an expired one. */
export function ResendConfirmationPage({ hash, returnTo }: { hash: string; returnTo?: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const [message, setMessage] = useState("");
  const send = async () => {
    setState("sending");
    try {
      await authApi.resendConfirmation(returnTo ? { hash, returnTo } : { hash });
      setState("sent");
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      setState("failed");
    }
  };
  return (
    <CenteredMessage
      icon={<IconMailForward size={56} color="var(--mantine-primary-color-filled)" />}
      title={state === "sent" ? t`Check your email` : t`Resend confirmation email`}
    >
      {state === "sent" ? (
        <>
          <Text>
            <Trans>A new confirmation link is on its way. It may take a minute to arrive.</Trans>
          </Text>
          <OutboxNotice />
        </>
      ) : (
        <>
          <Text c="dimmed">
            <Trans>Your confirmation link has expired. We can send you a new one.</Trans>
          </Text>
          {state === "failed" ? <Alert color="red">{message}</Alert> : null}
          <Button onClick={() => void send()} loading={state === "sending"}>
            <Trans>Send a new confirmation link</Trans>
          </Button>
        </>
      )}
    </CenteredMessage>
  );
}

export function SuccessConfirmationPage() {
  const { t } = useLingui();
  return (
    <CenteredMessage
      icon={<IconCircleCheck size={56} color="var(--mantine-color-green-6)" />}
      title={t`Your email is confirmed`}
    >
      <Text c="dimmed">
        <Trans>Your account is active. Welcome to Blocklot!</Trans>
      </Text>
      <Button component={Link} to={HOME_AFTER_LOGIN}>
        <Trans>Go to dashboard</Trans>
      </Button>
    </CenteredMessage>
  );
}

/** Result pages of the marketplace (eBay) authorisation flow. */
/** `/auth-success` and `/auth-declined`; `detail` says why a marketplace declined, when it said. */
export function AuthResultPage({ ok, detail }: { ok: boolean; detail?: ReactNode }) {
  const { t } = useLingui();
  return (
    <CenteredMessage
      icon={
        ok ? (
          <IconCircleCheck size={56} color="var(--mantine-color-green-6)" />
        ) : (
          <IconCircleX size={56} color="var(--mantine-color-red-6)" />
        )
      }
      title={ok ? t`Authorization successful` : t`Authorization declined`}
    >
      <Text c="dimmed">
        {ok ? (
          <Trans>
            Your marketplace account is connected. You can close this tab or go back to the dashboard.
          </Trans>
        ) : (
          <Trans>The marketplace account was not connected. You can try again from the dashboard.</Trans>
        )}
      </Text>
      {detail && (
        <Text role="alert" data-testid="auth-declined-reason">
          {detail}
        </Text>
      )}
      <Button component={Link} to={HOME_AFTER_LOGIN}>
        <Trans>Go to dashboard</Trans>
      </Button>
    </CenteredMessage>
  );
}
