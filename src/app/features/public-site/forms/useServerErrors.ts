import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { HttpError } from "../../../lib/http";
import { fieldOfServerMessage } from "./form-body";

/**
 * Turns a failed submission into what the form shows: the error under the field the
 * server names, or a message above the button.
 */
export function useServerErrors<F extends string>(
  fields: readonly F[],
  setFieldError: (f: F, m: string) => void,
) {
  const { t } = useLingui();
  const [serverError, setServerError] = useState<string | null>(null);
  const report = (error: unknown) => {
    if (error instanceof HttpError && error.hasResponse) {
      const field = error.status === 400 ? fieldOfServerMessage(error.message, fields) : null;
      if (field) {
        setFieldError(field, error.message);
        return;
      }
      if (error.status === 429) {
        setServerError(t`Too many requests. Please wait a minute and try again.`);
        return;
      }
      setServerError(
        error.status >= 500 ? t`Something went wrong on our side. Please try again.` : error.message,
      );
      return;
    }
    setServerError(t`No response received from server. Check your connection and try again.`);
  };
  return { serverError, clear: () => setServerError(null), report };
}
