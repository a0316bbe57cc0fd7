import { describe, expect, it } from "vitest";
import { CHAT_BODY_MAX, chatBodyProblem, linkify } from "./types";

describe("chat rules", () => {
  it("refuses empty and too long bodies", () => {
    expect(chatBodyProblem("   ")).toBe("empty");
    expect(chatBodyProblem("x".repeat(CHAT_BODY_MAX + 1))).toBe("too-long");
    expect(chatBodyProblem(" hi ")).toBeNull();
  });
  it("splits links out of plain text, leaving the trailing full stop", () => {
    expect(linkify("see https://example.com/a?b=1. <b>ok</b>")).toEqual([
      { text: "see " },
      { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { text: ". <b>ok</b>" },
    ]);
    expect(linkify("javascript:alert(1)")).toEqual([{ text: "javascript:alert(1)" }]);
  });
});
