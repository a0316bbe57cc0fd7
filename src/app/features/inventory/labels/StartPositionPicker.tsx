/**
 * The first label to print on a partly used sheet: a small picture of the sheet (3 × 10)
 * whose cells are buttons, and a number field for the same choice. Cells before the start
 * show as used.
 */
import { useLingui } from "@lingui/react/macro";
import { Input, NumberInput, SimpleGrid, Stack, UnstyledButton } from "@mantine/core";
import type { LabelSize } from "../../../../domain/labels/label-layout";
import { labelsPerPage } from "../../../../domain/labels/label-layout";

export function StartPositionPicker({
  size,
  value,
  onChange,
}: {
  size: LabelSize;
  value: number;
  onChange(start: number): void;
}) {
  const { t } = useLingui();
  const total = labelsPerPage(size);
  return (
    <Stack gap="xs">
      <NumberInput
        label={t`Start at label`}
        description={t`On a partly used sheet, the first free label (1 is top left, counting along each row)`}
        min={1}
        max={total}
        clampBehavior="strict"
        allowDecimal={false}
        value={value}
        onChange={(v) => onChange(typeof v === "number" ? v : Number(v) || 1)}
        w={{ base: "100%", sm: 260 }}
      />
      <Input.Wrapper label={t`Or choose it on the sheet`} id="label-start-grid">
        <SimpleGrid
          cols={size.columns}
          spacing={4}
          verticalSpacing={4}
          maw={240}
          role="group"
          aria-labelledby="label-start-grid-label"
        >
          {Array.from({ length: total }, (_, cell) => {
            const position = cell + 1;
            const row = Math.floor(cell / size.columns) + 1;
            const column = (cell % size.columns) + 1;
            const chosen = position === value;
            const used = position < value;
            return (
              <UnstyledButton
                key={position}
                onClick={() => onChange(position)}
                aria-pressed={chosen}
                aria-label={t`Label ${position}, row ${row}, column ${column}`}
                data-testid="start-cell"
                h={24}
                fz={10}
                ta="center"
                bd={`1px solid ${chosen ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`}
                bg={
                  chosen
                    ? "var(--mantine-primary-color-filled)"
                    : used
                      ? "var(--mantine-color-default-hover)"
                      : undefined
                }
                c={chosen ? "var(--mantine-primary-color-contrast)" : "dimmed"}
                style={{ borderRadius: 3 }}
              >
                {position}
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Input.Wrapper>
    </Stack>
  );
}
