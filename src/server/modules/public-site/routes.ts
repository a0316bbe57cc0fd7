import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { ErrorBody } from "../../plugins/errors";
import { countFormSend, honeypotSchema, isBot } from "./spam";
import { insertContactMessage, insertDemoRequest } from "./store";

const Email = Type.String({ format: "email", maxLength: 254 });
const ShortText = (max: number) => Type.String({ minLength: 1, maxLength: max });

const ContactBody = Type.Object(
  {
    name: ShortText(120),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    message: Type.String({ minLength: 1, maxLength: 5000 }),
    ...honeypotSchema,
  },
  { additionalProperties: false },
);

const DemoBody = Type.Object(
  {
    name: ShortText(120),
    email: Email,
    company: Type.Optional(Type.String({ maxLength: 200 })),
    phone: Type.Optional(Type.String({ maxLength: 40 })),
    interest: Type.Optional(
      Type.Union([Type.Literal("rpie"), Type.Literal("inventory"), Type.Literal("both")]),
    ),
    message: Type.Optional(Type.String({ maxLength: 5000 })),
    ...honeypotSchema,
  },
  { additionalProperties: false },
);

const EmailOnlyBody = Type.Object({ email: Email, ...honeypotSchema }, { additionalProperties: false });

const CONTACT_THANKS = "Thank you — we will get back to you within one business day.";
const DEMO_THANKS = "Thank you — we will contact you to arrange your demo.";

const Accepted = Type.Object({ id: Type.String(), message: Type.String() });

function lines(fields: Record<string, string | undefined>) {
  return Object.entries(fields)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
}

/** The public Contact Us and Request Demo forms (staff lists: admin/inbox.ts). */
export async function publicFormRoutes(app: FastifyInstance) {
  app.post<{ Body: Static<typeof ContactBody> }>(
    "/api/contact",
    {
      config: { auth: "public" },
      schema: {
        tags: ["public"],
        summary: "Send a Contact Us message",
        body: ContactBody,
        response: { 201: Accepted, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { website: _honeypot, ...b } = request.body;
      // A bot gets the same answer as a person, so it cannot learn what gave it away.
      if (isBot(request.body)) return reply.status(201).send({ id: uuidv7(), message: CONTACT_THANKS });
      await countFormSend(app.ctx.db, request, reply, b.email);
      const id = await insertContactMessage(app.ctx.db, b);
      await app.ctx.mailer.send({
        to: app.ctx.config.staffEmail,
        kind: "contact-message",
        subject: `Contact form: ${b.name}`,
        text: `${lines({ Name: b.name, Email: b.email, Company: b.company, Phone: b.phone })}\n\n${b.message}`,
      });
      await app.ctx.mailer.send({
        to: b.email,
        kind: "contact-confirmation",
        subject: "We received your message — Blocklot",
        text: `Hello ${b.name},\n\n${CONTACT_THANKS}\n\nYour message:\n\n${b.message}\n\n— The Blocklot team`,
      });
      return reply.status(201).send({ id, message: CONTACT_THANKS });
    },
  );

  app.post<{ Body: Static<typeof DemoBody> }>(
    "/api/demo-requests",
    {
      config: { auth: "public" },
      schema: {
        tags: ["public"],
        summary: "Request a demo",
        body: DemoBody,
        response: { 201: Accepted, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { website: _honeypot, ...b } = request.body;
      if (isBot(request.body)) return reply.status(201).send({ id: uuidv7(), message: DEMO_THANKS });
      await countFormSend(app.ctx.db, request, reply, b.email);
      const id = await insertDemoRequest(app.ctx.db, b);
      await app.ctx.mailer.send({
        to: app.ctx.config.staffEmail,
        kind: "demo-request",
        subject: `Demo request: ${b.name}${b.company ? ` (${b.company})` : ""}`,
        text: `${lines({ Name: b.name, Email: b.email, Company: b.company, Phone: b.phone, Interest: b.interest })}\n\n${b.message ?? ""}`,
      });
      await app.ctx.mailer.send({
        to: b.email,
        kind: "demo-confirmation",
        subject: "Your Blocklot demo request",
        text: `Hello ${b.name},\n\n${DEMO_THANKS} We usually reply within one business day.\n\n— The Blocklot team`,
      });
      return reply.status(201).send({ id, message: DEMO_THANKS });
    },
  );

  app.post<{ Body: Static<typeof EmailOnlyBody> }>(
    "/api/demo-requests/email",
    {
      config: { auth: "public" },
      schema: {
        tags: ["public"],
        summary: "Request a demo with an e-mail address only (listed in /admin/email-demo-requests)",
        body: EmailOnlyBody,
        response: { 201: Accepted, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      if (isBot(request.body)) return reply.status(201).send({ id: uuidv7(), message: DEMO_THANKS });
      await countFormSend(app.ctx.db, request, reply, email);
      const id = await insertDemoRequest(app.ctx.db, { name: "", email, source: "email" });
      await app.ctx.mailer.send({
        to: app.ctx.config.staffEmail,
        kind: "demo-request",
        subject: `Demo request (e-mail only): ${email}`,
        text: `Email: ${email}`,
      });
      await app.ctx.mailer.send({
        to: email,
        kind: "demo-confirmation",
        subject: "Your Blocklot demo request",
        text: `Hello,\n\n${DEMO_THANKS} We usually reply within one business day.\n\n— The Blocklot team`,
      });
      return reply.status(201).send({ id, message: DEMO_THANKS });
    },
  );
}
