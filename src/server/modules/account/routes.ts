import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { currentUser } from "../../plugins/auth";
import { httpError } from "../../plugins/errors";
import { issueTokens } from "../auth/issue-tokens";
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from "../auth/passwords";
import { revokeAllForUser } from "../auth/refresh-tokens";
import {
  findAccount,
  findProfile,
  type ProfileChange,
  type ProfileRow,
  setPasswordHash,
  updateProfile,
} from "./store";

const DISPLAY_NAME_MAX = 120;
const PHONE_MAX = 40;
const PHOTO_URL_MAX = 2048;

const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  displayName: Type.String(),
  photo: Type.Union([Type.String(), Type.Null()]),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

const ProfilePatch = Type.Object(
  {
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: DISPLAY_NAME_MAX })),
    photo: Type.Optional(
      Type.Union([Type.String({ maxLength: PHOTO_URL_MAX, pattern: "^https?://\\S+$" }), Type.Null()]),
    ),
    phoneNumber: Type.Optional(Type.Union([Type.String({ maxLength: PHONE_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);

const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  },
  { additionalProperties: false },
);

const toProfile = (u: ProfileRow): Static<typeof Profile> => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  photo: u.photo,
  phoneNumber: u.phoneNumber,
  createdAt: u.createdAt.toISOString(),
});

/** A photo must be an absolute http(s) address a browser can load. */
function assertPhotoUrl(value: string) {
  try {
    const url = new URL(value);
    if (url.protocol === "http:" || url.protocol === "https:") return;
  } catch {
    // fall through
  }
  throw httpError(400, 'Invalid request body: "photo" must be an http(s) URL');
}

const PasswordChanged = Type.Object({
  message: Type.String(),
  token: Type.String(),
  refreshToken: Type.String(),
});

/** The signed-in user's own profile and password (the /dashboard/account page). */
export async function accountRoutes(app: FastifyInstance) {
  /** The signed-in user's row as `find` reads it (the profile's columns, or the whole account). */
  const loadUser = async <Row extends { disabledAt: Date | null }>(
    find: (db: Db, id: string) => Promise<Row | undefined>,
    id: string,
  ) => {
    const row = await find(app.ctx.db, id);
    if (!row || row.disabledAt) throw httpError(401, "Sign in to continue: this account is not available");
    return row;
  };

  app.get(
    "/api/account/profile",
    {
      config: { auth: [] },
      schema: { tags: ["account"], summary: "My profile", response: { 200: Profile } },
    },
    async (request) => toProfile(await loadUser(findProfile, currentUser(request).id)),
  );

  app.patch<{ Body: Static<typeof ProfilePatch> }>(
    "/api/account/profile",
    {
      config: { auth: [] },
      schema: {
        tags: ["account"],
        summary: "Change my display name, photo or phone number",
        description:
          "Sign-in tokens carry the profile: refresh the access token afterwards to see the change.",
        body: ProfilePatch,
        response: { 200: Profile },
      },
    },
    async (request) => {
      const me = await loadUser(findProfile, currentUser(request).id);
      const b = request.body;
      const change: ProfileChange = {};
      if (b.displayName !== undefined) {
        const name = b.displayName.trim();
        if (!name) throw httpError(400, 'Invalid request body: "displayName" must not be blank');
        change.displayName = name;
      }
      if (b.photo !== undefined) {
        if (b.photo !== null) assertPhotoUrl(b.photo);
        change.photo = b.photo;
      }
      if (b.phoneNumber !== undefined) change.phoneNumber = b.phoneNumber?.trim() || null;
      if (Object.keys(change).length === 0) return toProfile(me);
      const row = await updateProfile(app.ctx.db, me.id, change);
      if (!row) throw httpError(401, "Sign in to continue: this account is not available");
      return toProfile(row);
    },
  );

  app.post<{ Body: Static<typeof PasswordChange> }>(
    "/api/account/password",
    {
      config: { auth: [] },
      schema: {
        tags: ["account"],
        summary: "Change my password",
        body: PasswordChange,
        response: { 200: PasswordChanged },
      },
    },
    async (request, reply) => {
      const me = await loadUser(findAccount, currentUser(request).id);
      const { currentPassword, newPassword } = request.body;
      if (newPassword.length < PASSWORD_MIN_LENGTH) {
        throw httpError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
      }
      if (!(await verifyPassword(me.passwordHash, currentPassword))) {
        throw httpError(400, "Current password is incorrect");
      }
      await setPasswordHash(app.ctx.db, me.id, await hashPassword(newPassword));
      // Every other session ends: their refresh tokens are revoked; this one gets new tokens.
      await revokeAllForUser(app.ctx.db, me.id);
      const tokens = await issueTokens(app, reply, me.id);
      return { message: "Password changed", ...tokens };
    },
  );
}
