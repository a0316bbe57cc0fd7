import { I18nProvider } from "@lingui/react";
import { MantineProvider } from "@mantine/core";
import type { GetInputPropsReturnType } from "@mantine/form";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import { type MeasureField, MeasureFields, type MeasureFieldsProps } from "./MeasureFields";

i18n.loadAndActivate({ locale: "en", messages: {} });

const values: Record<MeasureField, string | number> = {
  length: 12.5,
  width: "",
  height: 4,
  dimensionUnit: "CENTIMETER",
  weight: 3.2,
  weightUnit: "GRAM",
};
const errors: Partial<Record<MeasureField, string>> = { width: "Width must be 0 or more" };
const inputProps = (field: MeasureField): GetInputPropsReturnType => ({
  value: values[field],
  onChange: () => {},
  error: errors[field],
});

/** The rendered page as a DOM-less list of labelled inputs: label text → the input's attributes. */
function render(props: MeasureFieldsProps) {
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MantineProvider>
        <MeasureFields {...props} />
      </MantineProvider>
    </I18nProvider>,
  );
  const labels = [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]+)/g)].map((m) => ({
    text: m[2],
    input: html.match(new RegExp(`<input[^>]*id="${m[1]}"[^>]*>`))?.[0] ?? "",
  }));
  return { html, labels };
}

describe("MeasureFields", () => {
  it("labels length, width, height and the dimension unit, with their values and the error under its field", () => {
    const { html, labels } = render({ measure: "dimensions", inputProps });
    expect(labels.map((l) => l.text)).toEqual(["Length", "Width", "Height", "Dimension unit"]);
    expect(labels[0]?.input).toContain('value="12.5"');
    expect(labels[3]?.input).toContain('value="Centimeters"');
    const width = labels[1]?.input ?? "";
    expect(width).toContain('aria-invalid="true"');
    const describedBy = width.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Width must be 0 or more<`));
    expect(labels[0]?.input).toContain('aria-invalid="false"');
  });

  it("labels the weight value as asked and its unit, with their values", () => {
    const { labels } = render({ measure: "weight", valueLabel: "Weight value", inputProps });
    expect(labels.map((l) => l.text)).toEqual(["Weight value", "Weight unit"]);
    expect(labels[0]?.input).toContain('value="3.2"');
    expect(labels[1]?.input).toContain('value="Grams"');
  });
});
