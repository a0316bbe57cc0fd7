import { plural, t } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { Plural, Trans } from "@lingui/react/macro";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLocale, compileCached, i18n } from "./i18n";

// English has no catalog (the landing page does not download one): the source text the macros
// keep in the bundle is compiled at run time, so placeholders and plurals must still work.
describe("English without a catalog", () => {
  beforeAll(async () => {
    vi.stubGlobal("document", { documentElement: { lang: "" } });
    expect(await activateLocale("en")).toBe("en");
    expect(i18n.messages).toEqual({});
  });

  it("fills placeholders", () => {
    const name = "Acme LLC";
    expect(t`Switched to ${name}`).toBe("Switched to Acme LLC");
  });

  it("chooses the plural form", () => {
    const pages = (count: number) => plural(count, { one: "# page read", other: "# pages read" });
    expect(pages(1)).toBe("1 page read");
    expect(pages(12)).toBe("12 pages read");
    const due = "May 15";
    const days = 3;
    expect(t`Due ${due} · ${plural(days, { one: "# day left", other: "# days left" })}`).toBe(
      "Due May 15 · 3 days left",
    );
  });

  it("renders <Trans> and <Plural> with their values and elements", () => {
    const count = 2;
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <p>
          <Trans>
            Read our <a href="/policy">Privacy Policy</a> first.
          </Trans>{" "}
          <Plural value={count} one="# company" other="# companies" />
        </p>
      </I18nProvider>,
    );
    expect(html).toBe('<p>Read our <a href="/policy">Privacy Policy</a> first. 2 companies</p>');
  });

  it("parses each message once", () => {
    const message = "{count, plural, one {# file} other {# files}}";
    expect(compileCached(message)).toBe(compileCached(message));
  });
});
