import { describe, expect, it } from "vitest";
import type { MailMessage } from "../../../domain/mail/message";
import {
  forwardDraft,
  inThreadOrder,
  movedLabels,
  replyDraft,
  splitAddresses,
  threadsOf,
  toggledLabel,
} from "./mail-model";

const msg = (id: string, over: Partial<MailMessage> = {}): MailMessage => ({
  id,
  userId: "u1",
  threadId: id,
  messageId: `${id}@blocklot.example.com`,
  references: [],
  from: "ann@example.com",
  fromName: "Ann",
  text: "",
  sentAt: "2026-11-26T10:00:00.000Z",
  version: 1,
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  to: ["me@blocklot.example.com"],
  cc: [],
  subject: "Lease",
  html: "<p>Hi</p>",
  inReplyTo: "",
  labels: ["inbox"],
  read: true,
  state: "received",
  ...over,
});

describe("moving and starring", () => {
  it("a move to a place replaces the place and keeps the other labels", () => {
    expect(movedLabels(["inbox", "starred"], "trash")).toEqual(["starred", "trash"]);
    expect(movedLabels(["trash", "starred"], "inbox")).toEqual(["starred", "inbox"]);
    expect(movedLabels(["spam"], "spam")).toEqual(["spam"]);
  });

  it("a move to another label adds it once and keeps the place", () => {
    const own = "0195f3c2-0000-7000-8000-000000000001";
    expect(movedLabels(["inbox"], own)).toEqual(["inbox", own]);
    expect(movedLabels(["inbox", own], own)).toEqual(["inbox", own]);
  });

  it("a star goes on and off without touching the rest", () => {
    expect(toggledLabel(["inbox"], "starred", true)).toEqual(["inbox", "starred"]);
    expect(toggledLabel(["inbox", "starred"], "starred", true)).toEqual(["inbox", "starred"]);
    expect(toggledLabel(["starred", "inbox"], "starred", false)).toEqual(["inbox"]);
  });
});

describe("threads", () => {
  it("shows each conversation once with its newest message, unread if any is, in the list's order", () => {
    const list = [
      msg("3", { threadId: "1", read: false }),
      msg("2", { threadId: "2", labels: ["inbox", "starred"] }),
      msg("1", { threadId: "1" }),
    ];
    const threads = threadsOf(list);
    expect(threads.map((t) => [t.threadId, t.latest.id, t.count, t.unread, t.starred])).toEqual([
      ["1", "3", 2, true, false],
      ["2", "2", 1, false, true],
    ]);
  });

  it("orders a thread's messages oldest first", () => {
    expect(inThreadOrder([msg("b"), msg("a"), msg("c")]).map((m) => m.id)).toEqual(["a", "b", "c"]);
  });
});

describe("reply and forward", () => {
  it("a reply goes to the sender, says Re: once, quotes the message and names it for threading", () => {
    const r = replyDraft(msg("1", { subject: "Re: Lease", html: "<p>x</p>" }), "Ann <a> wrote:");
    expect(r.to).toEqual(["ann@example.com"]);
    expect(r.subject).toBe("Re: Lease");
    expect(r.inReplyTo).toBe("1@blocklot.example.com");
    expect(r.html).toBe("<p></p><p>Ann &lt;a&gt; wrote:</p><blockquote><p>x</p></blockquote>");
    expect(replyDraft(msg("2"), "").subject).toBe("Re: Lease");
  });

  it("a reply to one's own sent message goes to its recipients again", () => {
    expect(replyDraft(msg("1", { state: "sent", to: ["bob@example.org"] }), "").to).toEqual([
      "bob@example.org",
    ]);
  });

  it("a forward has no recipient, says Fwd: once and starts a new thread", () => {
    const f = forwardDraft(msg("1"), "Forwarded");
    expect(f).toMatchObject({ to: [], subject: "Fwd: Lease", inReplyTo: "" });
    expect(forwardDraft(msg("1", { subject: "fwd: x" }), "").subject).toBe("fwd: x");
  });

  it("splits typed addresses on commas, semicolons and spaces, without repeats", () => {
    expect(splitAddresses(" a@x.com, b@y.org;c@z.net  a@x.com ,")).toEqual(["a@x.com", "b@y.org", "c@z.net"]);
    expect(splitAddresses("  ")).toEqual([]);
  });
});
