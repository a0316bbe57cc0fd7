/**
 * The event form in a Mantine modal: made by selecting a range on the calendar (bounds filled
 * in), or opened by clicking an event. Deleting asks first. Saving writes to this device and
 * the outbox (works offline).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Button,
  ColorSwatch,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useEffect, useState } from "react";
import {
  CALENDAR_LIMITS,
  type CalendarEventFields,
  EVENT_COLOURS,
  type EventColour,
} from "../../../domain/calendar/event";
import { validateEventFields } from "../../../domain/calendar/validate";
import { AppModal } from "../../ui/AppModal";
import { DateField, DateTimeField } from "../../ui/dates/date-fields";
import { type EventFormValues, formToFields, toggleAllDay } from "./event-form";

interface EventModalProps {
  opened: boolean;
  /** null: a new event. */
  editing: { id: string; canDelete: boolean } | null;
  initial: EventFormValues;
  onClose(): void;
  onSave(fields: CalendarEventFields): Promise<void>;
  onDelete(): Promise<void>;
}

export function EventModal({ opened, editing, initial, onClose, onSave, onDelete }: EventModalProps) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setValues(initial);
      setErrors({});
      setConfirming(false);
    }
  }, [opened, initial]);

  const colourNames: Record<EventColour, string> = {
    blue: t`Blue`,
    teal: t`Teal`,
    green: t`Green`,
    yellow: t`Yellow`,
    orange: t`Orange`,
    red: t`Red`,
    grape: t`Purple`,
    gray: t`Grey`,
  };
  const messages: Record<string, string> = {
    title: t`Enter a title`,
    start: t`Choose a start between 1900 and 2099`,
    end: t`The end must come after the start`,
  };

  const save = async () => {
    const fields = formToFields(values);
    const found = fields ? validateEventFields(fields) : { start: "Required" };
    if (Object.keys(found).length > 0 || !fields) {
      setErrors(Object.fromEntries(Object.keys(found).map((k) => [k, messages[k] ?? t`Check this field`])));
      return;
    }
    setBusy(true);
    try {
      await onSave(fields);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await onDelete();
    } finally {
      setBusy(false);
    }
  };

  const Bound = values.allDay ? DateField : DateTimeField;
  return (
    <AppModal opened={opened} onClose={onClose} title={editing ? t`Edit event` : t`New event`} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label={t`Title`}
            required
            data-autofocus
            maxLength={CALENDAR_LIMITS.titleMax}
            value={values.title}
            error={errors.title}
            onChange={(e) => setValues({ ...values, title: e.currentTarget.value })}
          />
          <Switch
            label={t`All day`}
            checked={values.allDay}
            onChange={(e) => setValues(toggleAllDay(values, e.currentTarget.checked))}
          />
          <Group grow align="flex-start">
            <Bound
              label={t`Starts`}
              required
              value={values.start}
              error={errors.start}
              onChange={(v) => setValues({ ...values, start: v })}
            />
            <Bound
              label={values.allDay ? t`Last day` : t`Ends`}
              required
              value={values.end}
              error={errors.end}
              minDate={values.start?.slice(0, 10) ?? undefined}
              onChange={(v) => setValues({ ...values, end: v })}
            />
          </Group>
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={CALENDAR_LIMITS.descriptionMax}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          />
          <Group grow align="flex-end">
            <Select
              label={t`Colour`}
              allowDeselect={false}
              data={EVENT_COLOURS.map((c) => ({ value: c, label: colourNames[c] }))}
              value={values.colour}
              leftSection={<ColorSwatch size={14} color={`var(--mantine-color-${values.colour}-filled)`} />}
              renderOption={({ option }) => (
                <Group gap="xs">
                  <ColorSwatch size={14} color={`var(--mantine-color-${option.value}-filled)`} />
                  {option.label}
                </Group>
              )}
              onChange={(v) => v && setValues({ ...values, colour: v as EventColour })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="event-visibility">
                <Trans>Who sees it</Trans>
              </Text>
              <SegmentedControl
                aria-labelledby="event-visibility"
                value={values.visibility}
                data={[
                  { value: "company", label: t`My company` },
                  { value: "private", label: t`Only me` },
                ]}
                onChange={(v) => setValues({ ...values, visibility: v as EventFormValues["visibility"] })}
              />
            </Stack>
          </Group>
          {confirming ? (
            <Group justify="space-between" role="alertdialog" aria-label={t`Delete this event?`}>
              <Text size="sm">
                <Trans>Delete this event for everyone who sees it?</Trans>
              </Text>
              <Group>
                <Button variant="default" onClick={() => setConfirming(false)}>
                  <Trans>Keep it</Trans>
                </Button>
                <Button color="red" loading={busy} onClick={() => void remove()}>
                  <Trans>Delete</Trans>
                </Button>
              </Group>
            </Group>
          ) : (
            <Group justify={editing?.canDelete ? "space-between" : "flex-end"}>
              {editing?.canDelete && (
                <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  <Trans>Delete…</Trans>
                </Button>
              )}
              <Group>
                <Button variant="default" onClick={onClose}>
                  <Trans>Cancel</Trans>
                </Button>
                <Button type="submit" loading={busy}>
                  <Trans>Save</Trans>
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </AppModal>
  );
}
