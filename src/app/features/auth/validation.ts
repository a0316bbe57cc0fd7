import { t } from "@lingui/core/macro";

export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateEmail = (value: string) => {
  if (!value.trim()) return t`Email is required`;
  return EMAIL_RE.test(value.trim()) ? null : t`Must be a valid email`;
};

export const validatePassword = (value: string) => {
  if (!value) return t`Password is required`;
  return value.length >= MIN_PASSWORD_LENGTH
    ? null
    : t`Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
};
