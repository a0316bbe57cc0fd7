/**
 * The product's date pickers (spec section 9): 1900-01-01 … 2099-12-31 unless a screen narrows
 * them, weeks from Sunday in en-US (Monday in de and es), month and day names in the user's
 * language. Every date picker of the app goes through these (Mantine dates, its styles with it).
 */
import "@mantine/dates/styles.layer.css";
import "dayjs/locale/de";
import "dayjs/locale/es";
import { useLingui } from "@lingui/react";
import {
  DatePickerInput,
  type DatePickerInputProps,
  DatesProvider,
  DateTimePicker,
  type DateTimePickerProps,
} from "@mantine/dates";
import type { ReactNode } from "react";
import { DATE_MAX, DATE_MIN } from "../../../domain/calendar/event";

/** Sunday for English (en-US), Monday for German and Spanish. */
export const firstDayOfWeek = (locale: string): 0 | 1 => (locale.startsWith("en") ? 0 : 1);

function Dates({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <DatesProvider settings={{ locale: i18n.locale, firstDayOfWeek: firstDayOfWeek(i18n.locale) }}>
      {children}
    </DatesProvider>
  );
}

/** A day (`YYYY-MM-DD`). */
export function DateField(props: DatePickerInputProps<"default">) {
  return (
    <Dates>
      <DatePickerInput minDate={DATE_MIN} maxDate={DATE_MAX} valueFormat="ll" {...props} />
    </Dates>
  );
}

/** A day and time (`YYYY-MM-DD HH:mm:ss`, local). */
export function DateTimeField(props: DateTimePickerProps) {
  return (
    <Dates>
      <DateTimePicker minDate={DATE_MIN} maxDate={`${DATE_MAX} 23:59:59`} valueFormat="lll" {...props} />
    </Dates>
  );
}
