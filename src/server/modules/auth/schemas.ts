import { type Static, Type } from "@sinclair/typebox";
import { MAX_RETURN_PATH } from "../../../domain/return-path";
import { PASSWORD_MAX_LENGTH } from "./passwords";

/**
 * Emails and password lengths are checked in the handlers, not here, so the answers
 * carry the spec's own messages ("Invalid email address", minimum length).
 */
const Email = Type.String({ maxLength: 320, description: "Email address" });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH, description: "At least 8 characters" });
const LinkToken = Type.String({ minLength: 1, maxLength: 200, description: "The token from a mailed link" });
const strict = { additionalProperties: false } as const;

/** A same-origin path the mailed confirmation link leads back to (checked again in the route). */
const ReturnTo = Type.String({
  minLength: 1,
  maxLength: MAX_RETURN_PATH,
  description: "A path on this site (e.g. /invitation/{hash}) to open after confirming the address",
});

export const RegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    displayName: Type.String({ minLength: 1, maxLength: 120 }),
    companyName: Type.Optional(Type.String({ maxLength: 200 })),
    returnTo: Type.Optional(ReturnTo),
  },
  strict,
);
export type RegisterBody = Static<typeof RegisterBody>;

export const Registered = Type.Object({ message: Type.String(), email: Type.String() });

export const HashBody = Type.Object({ hash: LinkToken }, strict);
export type HashBody = Static<typeof HashBody>;

export const ResendBody = Type.Object(
  { hash: Type.Optional(LinkToken), email: Type.Optional(Email), returnTo: Type.Optional(ReturnTo) },
  { ...strict, description: "Either the hash of an earlier confirmation link, or the email address" },
);
export type ResendBody = Static<typeof ResendBody>;

export const SignInBody = Type.Object(
  {
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 8192, description: "A Google ID token" })),
    email: Type.Optional(Email),
    password: Type.Optional(Password),
  },
  { ...strict, description: "Either a Google ID token, or an email and password" },
);
export type SignInBody = Static<typeof SignInBody>;

export const RefreshBody = Type.Object(
  {
    refresh_token: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "Else the refreshToken cookie is used" }),
    ),
  },
  strict,
);
export type RefreshBody = Static<typeof RefreshBody>;

export const EmailBody = Type.Object({ email: Email }, strict);
export type EmailBody = Static<typeof EmailBody>;

export const ResetBody = Type.Object({ token: LinkToken, password: Password }, strict);
export type ResetBody = Static<typeof ResetBody>;

/** Clarity's user id (the first field of its `_clck` cookie): letters, digits, "-" and "_". */
export const ClarityBody = Type.Object(
  { clarityId: Type.String({ minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9_-]+$" }) },
  strict,
);
export type ClarityBody = Static<typeof ClarityBody>;

export const Tokens = Type.Object({ token: Type.String(), refreshToken: Type.String() });
export const Message = Type.Object({ message: Type.String() });
