import { t } from "@lingui/core/macro";
import { validateEmail } from "../../auth/validation";
import { isPlausiblePhone, LIMITS } from "./form-body";

/** Field checks shared by the Contact Us and Request Demo forms (messages are translated). */
export const publicFormValidators = {
  name: (v: string) =>
    !v.trim() ? t`Name is required` : v.trim().length > LIMITS.name ? t`Name is too long` : null,
  email: (v: string) => validateEmail(v) ?? (v.trim().length > LIMITS.email ? t`Email is too long` : null),
  company: (v: string) => (v.trim().length > LIMITS.company ? t`Company name is too long` : null),
  phone: (v: string) => (isPlausiblePhone(v) ? null : t`Enter a valid phone number`),
};

export const messageValidator = (required: boolean) => (v: string) => {
  if (required && !v.trim()) return t`Message is required`;
  return v.trim().length > LIMITS.message ? t`Message is too long` : null;
};
