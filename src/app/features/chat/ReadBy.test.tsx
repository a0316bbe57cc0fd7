import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ChatReaderApi } from "../../../domain/chat/types";
import { i18n } from "../../i18n/i18n";
import { ReadBy } from "./ReadBy";

i18n.loadAndActivate({ locale: "en", messages: {} });

const reader = (name: string, staff = false) =>
  ({ userId: name, name, staff, seenSeq: 1, seenAt: "2026-01-01T00:00:00.000Z" }) as ChatReaderApi;

/** What the line under a message says, as text. */
function line(readers: ChatReaderApi[], staffNames: boolean) {
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <ReadBy readers={readers} staffNames={staffNames} />
      </MantineProvider>
    </I18nProvider>,
  );
  return /data-testid="chat-read-by"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
}

describe("Read by", () => {
  it("names the company's readers and shows the staff as staff to members", () => {
    expect(line([reader("Ann"), reader("Bob")], false)).toBe("Read by Ann and Bob");
    expect(line([reader("Mark", true)], false)).toBe("Seen by staff");
    expect(line([reader("Ann"), reader("Mark", true), reader("Stella", true)], false)).toBe(
      "Read by Ann and staff",
    );
  });
  it("names everyone on the staff's screen, and says nothing when nobody read", () => {
    expect(line([reader("Ann"), reader("Bob"), reader("Mark", true)], true)).toBe(
      "Read by Ann, Bob, and Mark",
    );
    expect(line([], false)).toBe("");
  });
});
