import { useLingui } from "@lingui/react/macro";
import { ErrorPage } from "./ErrorPage";

export function UnauthorizedPage() {
  const { t } = useLingui();
  return (
    <ErrorPage status={401} title={t`Authorization required`} description={t`Please sign in to continue.`} />
  );
}

export function ForbiddenPage() {
  const { t } = useLingui();
  return (
    <ErrorPage status={403} title={t`Forbidden`} description={t`You do not have access to this page.`} />
  );
}

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      status={404}
      title={t`The page you are looking for isn't here`}
      description={t`You either tried a wrong address or the page has moved.`}
    />
  );
}

export function ServerErrorPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      status={500}
      title={t`Internal Server Error`}
      description={t`Something went wrong. Please try again later.`}
    />
  );
}

export function ExpiredLinkPage({ children }: { children?: React.ReactNode }) {
  const { t } = useLingui();
  return (
    <ErrorPage
      status={409}
      title={t`Invalid or expired link`}
      description={t`This link has expired or has already been used.`}
    >
      {children}
    </ErrorPage>
  );
}
