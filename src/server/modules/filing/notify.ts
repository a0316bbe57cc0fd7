import { and, eq, isNull } from "drizzle-orm";
import type { ServerContext } from "../../context";
import { companyMembers, users } from "../../db/schema";

/** The people of a company who hear about its filings: every enabled member. */
async function companyRecipients(ctx: Pick<ServerContext, "db">, companyId: string) {
  return ctx.db
    .select({ userId: users.id, email: users.email, name: users.displayName })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), isNull(users.disabledAt)));
}

/** Mails every member of a company (through the outbox); a failure is logged by the mailer, never thrown. */
export async function mailCompany(
  ctx: ServerContext,
  companyId: string,
  mail: { kind: string; subject: string; lines: (name: string) => string[] },
): Promise<string[]> {
  const people = await companyRecipients(ctx, companyId);
  for (const p of people) {
    await ctx.mailer.send({
      to: p.email,
      kind: mail.kind,
      subject: mail.subject,
      text: [`Hello ${p.name},`, "", ...mail.lines(p.name), "", "— Blocklot"].join("\n"),
    });
  }
  return people.map((p) => p.email);
}
