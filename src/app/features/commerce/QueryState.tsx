import { Trans } from "@lingui/react/macro";
import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/error-message";
import { HttpError } from "../../lib/http";
import { NotFoundPage } from "../errors/pages";

/**
 * A sales screen's one query: skeleton lines while it runs, the 404 page when the order or
 * customer is not the company's, a red alert with the server's message and Try again when it
 * fails, else the page.
 */
export function QueryState<T>({
  query,
  errorTitle,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  children(data: T): ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof HttpError && query.error.status === 404) return <NotFoundPage />;
  if (query.isError)
    return (
      <Alert color="red" title={errorTitle}>
        <Stack gap="xs" align="flex-start">
          {errorMessage(query.error)}
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      </Alert>
    );
  return (
    <Stack gap="sm" aria-busy="true" data-testid="commerce-loading">
      <Skeleton height={28} width="40%" />
      <Skeleton height={80} />
      <Skeleton height={80} />
    </Stack>
  );
}
