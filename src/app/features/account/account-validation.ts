/** Client-side checks of the account forms; the server applies the same rules. */
export const DISPLAY_NAME_MAX = 120;
export const PHONE_MAX = 40;
export const PASSWORD_MIN = 8;

export type ProfileError = "nameRequired" | "nameTooLong" | "photoInvalid" | "phoneTooLong";
export type PasswordError = "currentRequired" | "newTooShort" | "mismatch";

export interface ProfileInput {
  displayName: string;
  photo: string;
  phoneNumber: string;
}

export function validateProfile(input: ProfileInput): Partial<Record<keyof ProfileInput, ProfileError>> {
  const errors: Partial<Record<keyof ProfileInput, ProfileError>> = {};
  const name = input.displayName.trim();
  if (!name) errors.displayName = "nameRequired";
  else if (name.length > DISPLAY_NAME_MAX) errors.displayName = "nameTooLong";
  const photo = input.photo.trim();
  if (photo && !isHttpUrl(photo)) errors.photo = "photoInvalid";
  if (input.phoneNumber.trim().length > PHONE_MAX) errors.phoneNumber = "phoneTooLong";
  return errors;
}

/** The PATCH body: trimmed, empty photo/phone sent as null (cleared). */
export function profileChange(input: ProfileInput) {
  return {
    displayName: input.displayName.trim(),
    photo: input.photo.trim() || null,
    phoneNumber: input.phoneNumber.trim() || null,
  };
}

export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function validatePassword(input: PasswordInput): Partial<Record<keyof PasswordInput, PasswordError>> {
  const errors: Partial<Record<keyof PasswordInput, PasswordError>> = {};
  if (!input.currentPassword) errors.currentPassword = "currentRequired";
  if (input.newPassword.length < PASSWORD_MIN) errors.newPassword = "newTooShort";
  if (input.confirmPassword !== input.newPassword) errors.confirmPassword = "mismatch";
  return errors;
}
