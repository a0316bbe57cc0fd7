import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyInvitations } from "../../src/server/db/schema";
import { INVITATION_RATE_LIMIT } from "../../src/server/modules/company/invitations";
import { lastMail, linkToken } from "./doubles/mailbox";
import { addMember, createTestUser, membership, membershipsOf, type TestUser } from "./fixtures";
import { startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: TestUser; // admin of "Invite Realty"
let emp: TestUser; // employee of "Invite Realty" (and admin of their own company)
let other: TestUser; // admin of "Other Corp"

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: "https://app.blocklot.test" });
  admin = await createTestUser(server, { displayName: "Ada Admin", companyName: "Invite Realty" });
  emp = await createTestUser(server, { displayName: "Emil Employee", companyName: "Emil Own" });
  other = await createTestUser(server, { displayName: "Otto", companyName: "Other Corp" });
  await addMember(server, admin.companyId, emp.userId, ["ROLE_COMPANY_EMPLOYEE"], true);
});
afterAll(async () => server.close());

const inject = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who?: TestUser,
  payload?: string | object,
): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload }) });

const invitationsUrl = (companyId: string) => `/api/trade/company/${companyId}/invitations`;
const invite = (who: TestUser, email: string, role = "ROLE_COMPANY_EMPLOYEE", companyId = admin.companyId) =>
  inject("POST", invitationsUrl(companyId), who, { email, role });
const inviteToken = async (email: string) =>
  linkToken((await lastMail(server.database, email, "company-invitation")).text, "/invitation");

describe("invite → mail → accept", () => {
  it("mails a link; the invitee signs in with that address, accepts and is a member with the roles", async () => {
    const res = await invite(admin, "New.Person@Example.com", "ROLE_COMPANY_ADMIN");
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      email: "new.person@example.com",
      roles: ["ROLE_COMPANY_ADMIN"],
      invitedBy: { id: admin.userId, displayName: "Ada Admin" },
    });
    const days = (Date.parse(created.expiresAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);

    const mail = await lastMail(server.database, "new.person@example.com", "company-invitation");
    expect(mail.subject).toBe("You're invited to join Invite Realty on Blocklot");
    expect(mail.text).toContain("Ada Admin invited you to join Invite Realty");
    const token = linkToken(mail.text, "https://app.blocklot.test/invitation");
    expect(mail.html).toContain(`href="https://app.blocklot.test/invitation/${token}"`);
    // Only the hash is stored.
    const rows = await server.database.db.select().from(companyInvitations);
    expect(JSON.stringify(rows)).not.toContain(token);

    const pending = (await inject("GET", invitationsUrl(admin.companyId), admin)).json();
    expect(pending.map((i: { id: string }) => i.id)).toEqual([created.id]);

    const view = await inject("GET", `/api/invitation/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      email: "new.person@example.com",
      companyName: "Invite Realty",
      invitationId: created.id,
    });

    const invitee = await createTestUser(server, { email: "new.person@example.com", displayName: "Nia New" });
    const accepted = await inject("POST", `/api/invitation/${token}/accept`, invitee);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      companyId: admin.companyId,
      companyName: "Invite Realty",
      roles: ["ROLE_COMPANY_ADMIN"],
    });
    const mine = await membershipsOf(server, invitee.userId);
    expect(mine.filter((m) => m.isPrimary).map((m) => m.companyId)).toEqual([admin.companyId]);
    expect((await membership(server, admin.companyId, invitee.userId))?.roles).toEqual([
      "ROLE_COMPANY_ADMIN",
    ]);

    const members = (await inject("GET", `/api/trade/company/${admin.companyId}/users`, admin)).json();
    expect(members).toContainEqual(
      expect.objectContaining({
        id: invitee.userId,
        displayName: "Nia New",
        email: "new.person@example.com",
        roles: ["ROLE_COMPANY_ADMIN"],
      }),
    );
    // The switcher list shows it as active, and a refreshed token carries the new company.
    const list = (await inject("GET", "/api/trade/company/get-company-roles", invitee)).json();
    expect(list.find((c: { id: string }) => c.id === admin.companyId)?.isPrimary).toBe(true);
    const { tokenFor } = await import("./fixtures");
    expect(decodeJwt(await tokenFor(server, invitee.userId)).companyId).toBe(admin.companyId);
    // No longer pending.
    expect((await inject("GET", invitationsUrl(admin.companyId), admin)).json()).toEqual([]);

    // Used → 409, both to read and to accept again.
    const again = await inject("GET", `/api/invitation/${token}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ reason: "used" });
    expect((await inject("POST", `/api/invitation/${token}/accept`, invitee)).statusCode).toBe(409);
  });

  it("a signed-in account with another email gets 403 with a clear message and joins nothing", async () => {
    await invite(admin, "right@example.com");
    const token = await inviteToken("right@example.com");
    const res = await inject("POST", `/api/invitation/${token}/accept`, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `This invitation is for right@example.com, but you are signed in as ${other.email}. Sign out and sign in with right@example.com to accept it.`,
    );
    expect(await membership(server, admin.companyId, other.userId)).toBeNull();
    // Still pending for the right person.
    expect((await inject("GET", `/api/invitation/${token}`)).statusCode).toBe(200);
  });

  it("accepting needs a signed-in user (401)", async () => {
    await invite(admin, "anon@example.com");
    const token = await inviteToken("anon@example.com");
    expect((await inject("POST", `/api/invitation/${token}/accept`)).statusCode).toBe(401);
  });
});

describe("closed and forged links → 409", () => {
  it("an expired invitation", async () => {
    const res = await invite(admin, "late@example.com");
    const token = await inviteToken("late@example.com");
    await server.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.id, res.json().id));
    const view = await inject("GET", `/api/invitation/${token}`);
    expect(view.statusCode).toBe(409);
    expect(view.json()).toMatchObject({ reason: "expired", message: expect.stringMatching(/expired/) });
    const late = await createTestUser(server, { email: "late@example.com" });
    expect((await inject("POST", `/api/invitation/${token}/accept`, late)).statusCode).toBe(409);
    expect(await membership(server, admin.companyId, late.userId)).toBeNull();
    // Expired invitations are not listed as pending.
    const pending = (await inject("GET", invitationsUrl(admin.companyId), admin)).json();
    expect(pending.map((i: { email: string }) => i.email)).not.toContain("late@example.com");
  });

  it("a revoked invitation", async () => {
    const res = await invite(admin, "revoked@example.com");
    const token = await inviteToken("revoked@example.com");
    const del = await inject("DELETE", `${invitationsUrl(admin.companyId)}/${res.json().id}`, admin);
    expect(del.statusCode).toBe(204);
    const view = await inject("GET", `/api/invitation/${token}`);
    expect(view.statusCode).toBe(409);
    expect(view.json().reason).toBe("revoked");
    const user = await createTestUser(server, { email: "revoked@example.com" });
    expect((await inject("POST", `/api/invitation/${token}/accept`, user)).statusCode).toBe(409);
    // Revoking twice: it is no longer pending.
    expect(
      (await inject("DELETE", `${invitationsUrl(admin.companyId)}/${res.json().id}`, admin)).statusCode,
    ).toBe(404);
  });

  it.each([["forged-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"], ["x"], ["%20"]])(
    "a forged link %s",
    async (hash) => {
      const view = await inject("GET", `/api/invitation/${hash}`);
      expect(view.statusCode).toBe(409);
      expect(view.json().reason).toBe("invalid");
      expect((await inject("POST", `/api/invitation/${hash}/accept`, other)).statusCode).toBe(409);
    },
  );

  it("re-inviting a pending address replaces the old invitation (its link stops working)", async () => {
    const first = await invite(admin, "twice@example.com");
    const oldToken = await inviteToken("twice@example.com");
    const second = await invite(admin, "twice@example.com", "ROLE_COMPANY_ADMIN");
    expect(second.statusCode).toBe(201);
    const newToken = await inviteToken("twice@example.com");
    expect(newToken).not.toBe(oldToken);
    expect((await inject("GET", `/api/invitation/${oldToken}`)).json().reason).toBe("revoked");
    expect((await inject("GET", `/api/invitation/${newToken}`)).json().roles).toEqual(["ROLE_COMPANY_ADMIN"]);
    const pending = (await inject("GET", invitationsUrl(admin.companyId), admin)).json();
    const ids = pending
      .filter((i: { email: string }) => i.email === "twice@example.com")
      .map((i: { id: string }) => i.id);
    expect(ids).toEqual([second.json().id]);
    expect(ids).not.toContain(first.json().id);
  });
});

describe("who may do what", () => {
  it("inviting an existing member answers 409", async () => {
    const res = await invite(admin, emp.email.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${emp.email} is already a member of this company`);
  });

  it("an employee cannot invite, list or revoke invitations, change roles or remove members (403)", async () => {
    expect((await invite(emp, "by-employee@example.com")).statusCode).toBe(403);
    expect((await inject("GET", invitationsUrl(admin.companyId), emp)).statusCode).toBe(403);
    const pendingId = (await inject("GET", invitationsUrl(admin.companyId), admin)).json()[0].id;
    expect((await inject("DELETE", `${invitationsUrl(admin.companyId)}/${pendingId}`, emp)).statusCode).toBe(
      403,
    );
    const roles = await inject(
      "PUT",
      `/api/trade/company/${admin.companyId}/users/${admin.userId}/roles`,
      emp,
      {
        roles: ["ROLE_COMPANY_EMPLOYEE"],
      },
    );
    expect(roles.statusCode).toBe(403);
    expect(
      (await inject("DELETE", `/api/trade/company/${admin.companyId}/users/${admin.userId}`, emp)).statusCode,
    ).toBe(403);
    expect(
      (await inject("PUT", `/api/trade/company/${admin.companyId}`, emp, { companyName: "X" })).statusCode,
    ).toBe(403);
    // But they may read the members list.
    expect((await inject("GET", `/api/trade/company/${admin.companyId}/users`, emp)).statusCode).toBe(200);
  });

  it("another company's ids answer 404 and change nothing", async () => {
    expect((await invite(other, "x@example.com", "ROLE_COMPANY_EMPLOYEE", admin.companyId)).statusCode).toBe(
      404,
    );
    expect((await inject("GET", invitationsUrl(admin.companyId), other)).statusCode).toBe(404);
    expect((await inject("GET", `/api/trade/company/${admin.companyId}/users`, other)).statusCode).toBe(404);
    const pendingId = (await inject("GET", invitationsUrl(admin.companyId), admin)).json()[0].id;
    // Another company's invitation id under the caller's own company: 404, still pending.
    expect(
      (await inject("DELETE", `${invitationsUrl(other.companyId)}/${pendingId}`, other)).statusCode,
    ).toBe(404);
    expect(
      (await inject("DELETE", `${invitationsUrl(admin.companyId)}/${pendingId}`, other)).statusCode,
    ).toBe(404);
    const still = (await inject("GET", invitationsUrl(admin.companyId), admin)).json();
    expect(still.map((i: { id: string }) => i.id)).toContain(pendingId);
    expect(
      (
        await inject("PUT", `/api/trade/company/${admin.companyId}/users/${emp.userId}/roles`, other, {
          roles: ["ROLE_COMPANY_ADMIN"],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject("DELETE", `/api/trade/company/${admin.companyId}/users/${emp.userId}`, other)).statusCode,
    ).toBe(404);
    expect(await membership(server, admin.companyId, emp.userId)).not.toBeNull();
  });

  it("the last company admin cannot be removed or demoted (409 with a message)", async () => {
    const solo = await createTestUser(server, { companyName: "Solo LLC" });
    const demote = await inject(
      "PUT",
      `/api/trade/company/${solo.companyId}/users/${solo.userId}/roles`,
      solo,
      {
        roles: ["ROLE_COMPANY_EMPLOYEE"],
      },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe("A company must keep at least one admin");
    const remove = await inject("DELETE", `/api/trade/company/${solo.companyId}/users/${solo.userId}`, solo);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe("The last admin of a company cannot be removed");
    expect((await membership(server, solo.companyId, solo.userId))?.roles).toEqual(["ROLE_COMPANY_ADMIN"]);
  });

  it("a super admin manages any company's invitations and members", async () => {
    const root = await createTestUser(server, { roles: ["ROLE_SUPER_ADMIN"], companyName: "Root Co" });
    const res = await invite(root, "from-root@example.com", "ROLE_COMPANY_EMPLOYEE", other.companyId);
    expect(res.statusCode).toBe(201);
    expect((await inject("GET", invitationsUrl(other.companyId), root)).statusCode).toBe(200);
    expect((await inject("GET", `/api/trade/company/${other.companyId}/users`, root)).statusCode).toBe(200);
    expect(
      (await invite(root, "x@example.com", "ROLE_COMPANY_EMPLOYEE", "0190a6f0-0000-7000-8000-000000000000"))
        .statusCode,
    ).toBe(404);
  });

  it("answers 401 without a token", async () => {
    expect((await invite(undefined as unknown as TestUser, "a@example.com")).statusCode).toBe(401);
    expect((await inject("GET", invitationsUrl(admin.companyId))).statusCode).toBe(401);
  });
});

describe("bad input → 4xx", () => {
  it.each([
    [{ email: "not-an-email", role: "ROLE_COMPANY_EMPLOYEE" }],
    [{ email: "a@example.com", role: "ROLE_SUPER_ADMIN" }],
    [{ email: "a@example.com", role: "Employee!" }],
    [{ email: "a@example.com" }],
    [{ role: "ROLE_COMPANY_EMPLOYEE" }],
    [{ email: "a@example.com", role: "ROLE_COMPANY_EMPLOYEE", extra: 1 }],
    [{ email: `${"a".repeat(250)}@example.com`, role: "ROLE_COMPANY_EMPLOYEE" }],
    [{ email: ["a@example.com"], role: "ROLE_COMPANY_EMPLOYEE" }],
  ])("refuses invitation payload %j with 400", async (payload) => {
    const res = await inject("POST", invitationsUrl(admin.companyId), admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it("refuses a non-JSON body and non-uuid ids with 400/415", async () => {
    const text = await server.app.inject({
      method: "POST",
      url: invitationsUrl(admin.companyId),
      headers: { ...admin.auth, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(text.statusCode).toBe(400);
    const plain = await server.app.inject({
      method: "POST",
      url: invitationsUrl(admin.companyId),
      headers: { ...admin.auth, "content-type": "text/plain" },
      payload: "hello",
    });
    expect([400, 415]).toContain(plain.statusCode);
    expect((await inject("GET", "/api/trade/company/not-a-uuid/invitations", admin)).statusCode).toBe(400);
    expect((await inject("DELETE", `${invitationsUrl(admin.companyId)}/not-a-uuid`, admin)).statusCode).toBe(
      400,
    );
    // Fastify refuses path parameters over 100 characters.
    expect((await inject("GET", `/api/invitation/${"a".repeat(500)}`)).statusCode).toBe(414);
  });
});

describe("rate limit", () => {
  it(`allows ${INVITATION_RATE_LIMIT} invitations per company per hour, then 429`, async () => {
    const busy = await createTestUser(server, { companyName: "Busy Co" });
    for (let i = 0; i < INVITATION_RATE_LIMIT; i++) {
      const res = await invite(busy, `bulk-${i}@example.com`, "ROLE_COMPANY_EMPLOYEE", busy.companyId);
      expect(res.statusCode).toBe(201);
    }
    const over = await invite(busy, "one-more@example.com", "ROLE_COMPANY_EMPLOYEE", busy.companyId);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/try again later/);
    // Another company is not affected.
    expect(
      (await invite(other, "fine@example.com", "ROLE_COMPANY_EMPLOYEE", other.companyId)).statusCode,
    ).toBe(201);
  });
});
