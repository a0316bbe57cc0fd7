/**
 * /dashboard/calendar (issue 14, docs/calendar.md): the company's events and the member's private
 * ones in month, week, day and agenda views (FullCalendar), with the product's own dates as
 * read-only events that link to their pages. Select a range to add an event, drag or resize to
 * move it, click to edit or delete. Events live on this device and go through the outbox, so all
 * of it works offline; other members' changes arrive through the sync feed.
 */
import "../../ui/theme/full-styles";
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput } from "@fullcalendar/core";
import deLocale from "@fullcalendar/core/locales/de";
import esLocale from "@fullcalendar/core/locales/es";
import dayGridPlugin from "@fullcalendar/daygrid";
import interactionPlugin, { type EventResizeDoneArg } from "@fullcalendar/interaction";
import listPlugin from "@fullcalendar/list";
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/timegrid";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Box, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import dayjs from "dayjs";
import { useLiveQuery } from "dexie-react-hooks";
import { type CSSProperties, useState } from "react";
import { type CalendarEvent, type CalendarEventFields, DATE_MAX } from "../../../domain/calendar/event";
import type { ProductDate } from "../../../domain/calendar/product-dates";
import { CALENDAR_EVENT_TYPE } from "../../../domain/calendar/synced-types";
import { newId } from "../../../sync/outbox";
import { useCompanyId } from "../../offline/company-context";
import { getDb } from "../../offline/db";
import { useSyncEngine } from "../../offline/sync-engine";
import { firstDayOfWeek } from "../../ui/dates/date-fields";
import { toast } from "../../ui/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { calendarQueries } from "./api";
import { EventModal } from "./EventModal";
import { boundsToForm, type EventFormValues } from "./event-form";
import { FeedPanel } from "./FeedPanel";

const ENTITY = CALENDAR_EVENT_TYPE.entity;
const PRODUCT_PREFIX = "product:";

/** FullCalendar's colours from the Mantine theme (its documented CSS variables). */
const THEME_VARS = {
  "--fc-border-color": "var(--mantine-color-default-border)",
  "--fc-page-bg-color": "var(--mantine-color-body)",
  "--fc-neutral-bg-color": "var(--mantine-color-default-hover)",
  "--fc-list-event-hover-bg-color": "var(--mantine-color-default-hover)",
  "--fc-today-bg-color": "var(--mantine-primary-color-light)",
  "--fc-button-bg-color": "var(--mantine-color-default)",
  "--fc-button-border-color": "var(--mantine-color-default-border)",
  "--fc-button-text-color": "var(--mantine-color-text)",
  "--fc-button-hover-bg-color": "var(--mantine-color-default-hover)",
  "--fc-button-hover-border-color": "var(--mantine-color-default-border)",
  "--fc-button-active-bg-color": "var(--mantine-primary-color-light)",
  "--fc-button-active-border-color": "var(--mantine-primary-color-filled)",
  "--fc-event-bg-color": "var(--mantine-primary-color-filled)",
  "--fc-event-border-color": "var(--mantine-primary-color-filled)",
  "--fc-small-font-size": "var(--mantine-font-size-xs)",
  fontSize: "var(--mantine-font-size-sm)",
} as CSSProperties;

const PRODUCT_COLOUR: Record<ProductDate["kind"], string> = {
  "rpie-deadline": "red",
  "filing-reminder": "orange",
  "invoice-due": "grape",
  "ebay-ship": "teal",
};

/** Bounds of a dragged or resized event (FullCalendar leaves `end` out for a default length). */
function boundsOf(e: EventDropArg["event"]): Pick<CalendarEventFields, "start" | "end" | "allDay"> {
  const start = e.start as Date;
  if (e.allDay) {
    const day = dayjs(start).format("YYYY-MM-DD");
    return {
      allDay: true,
      start: day,
      end: e.end ? dayjs(e.end).format("YYYY-MM-DD") : dayjs(day).add(1, "day").format("YYYY-MM-DD"),
    };
  }
  return {
    allDay: false,
    start: start.toISOString(),
    end: (e.end ?? dayjs(start).add(1, "hour").toDate()).toISOString(),
  };
}

function Calendar({ companyId, date }: { companyId: string; date?: string }) {
  const { t, i18n } = useLingui();
  const engine = useSyncEngine();
  const router = useRouter();
  const db = getDb();
  const phone = useMediaQuery("(max-width: 48em)", false);
  const events = useLiveQuery(
    () => db.calendarEvents.where("companyId").equals(companyId).toArray() as Promise<CalendarEvent[]>,
    [db, companyId],
  );
  const dates = useLiveQuery(
    () => db.calendarDates.where("companyId").equals(companyId).toArray(),
    [db, companyId],
  );
  const refresh = useQuery(calendarQueries.productDates(db, companyId));
  const productTitle = (d: ProductDate): string => {
    const subject = d.subject;
    const days = d.daysBefore ?? 0;
    switch (d.kind) {
      case "rpie-deadline":
        return t`RPIE due: ${subject}`;
      case "filing-reminder":
        return t`RPIE due in ${days} days: ${subject}`;
      case "invoice-due":
        return t`Invoice ${subject} due`;
      case "ebay-ship":
        return t`Ship eBay order: ${subject}`;
    }
  };
  const [modal, setModal] = useState<{ id: string | null; initial: EventFormValues } | null>(null);

  // Built on every render: a few hundred rows, and the titles follow the language.
  const inputs: EventInput[] = [
    ...(events ?? []).map((e) => ({
      id: e.id,
      title: e.title,
      start: e.start,
      end: e.end,
      allDay: e.allDay,
      backgroundColor: `var(--mantine-color-${e.colour}-filled)`,
      borderColor: `var(--mantine-color-${e.colour}-filled)`,
    })),
    ...(dates ?? []).map((d) => ({
      id: `${PRODUCT_PREFIX}${d.id}`,
      title: productTitle(d),
      start: d.date,
      allDay: true,
      editable: false,
      backgroundColor: `var(--mantine-color-${PRODUCT_COLOUR[d.kind]}-light)`,
      borderColor: `var(--mantine-color-${PRODUCT_COLOUR[d.kind]}-outline)`,
      textColor: `var(--mantine-color-${PRODUCT_COLOUR[d.kind]}-light-color)`,
      extendedProps: { link: d.link },
    })),
  ];

  const failed = (error: unknown) =>
    toast.error(t`Not saved on this device: ${error instanceof Error ? error.message : String(error)}`);

  const onSelect = (s: DateSelectArg) => {
    s.view.calendar.unselect();
    setModal({
      id: null,
      initial: {
        title: "",
        description: "",
        allDay: s.allDay,
        colour: "blue",
        visibility: "company",
        ...boundsToForm(
          s.allDay ? s.startStr : s.start.toISOString(),
          s.allDay ? s.endStr : s.end.toISOString(),
          s.allDay,
        ),
      },
    });
  };

  const onClick = (c: EventClickArg) => {
    c.jsEvent.preventDefault();
    const link = c.event.extendedProps.link as string | undefined;
    if (link) {
      router.history.push(link);
      return;
    }
    const e = events?.find((x) => x.id === c.event.id);
    if (!e) return;
    setModal({
      id: e.id,
      initial: {
        title: e.title,
        description: e.description,
        allDay: e.allDay,
        colour: e.colour,
        visibility: e.visibility,
        ...boundsToForm(e.start, e.end, e.allDay),
      },
    });
  };

  const onMove = async (info: EventDropArg | EventResizeDoneArg) => {
    try {
      await engine.write.patch(ENTITY, info.event.id, boundsOf(info.event));
    } catch (error) {
      info.revert();
      failed(error);
    }
  };

  if (events === undefined || dates === undefined)
    return (
      <Center mih={240}>
        <Loader aria-label={t`Loading the calendar`} />
      </Center>
    );

  return (
    <Stack>
      {refresh.isError && (
        <Text size="sm" c="dimmed" role="status">
          <Trans>Deadlines shown as last loaded: the server cannot be reached.</Trans>
        </Text>
      )}
      {events.length === 0 && dates.length === 0 && (
        <Alert color="blue" variant="light">
          <Trans>No events yet. Select a day or a range of times on the calendar to add one.</Trans>
        </Alert>
      )}
      <Box style={THEME_VARS} data-testid="calendar">
        <FullCalendar
          key={phone ? "phone" : "wide"}
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
          initialView={phone ? "listWeek" : "dayGridMonth"}
          initialDate={date}
          headerToolbar={
            phone
              ? { left: "prev,next", center: "title", right: "today" }
              : {
                  left: "prev,next today",
                  center: "title",
                  right: "dayGridMonth,timeGridWeek,timeGridDay,listWeek",
                }
          }
          footerToolbar={phone ? { center: "dayGridMonth,timeGridDay,listWeek" } : undefined}
          locales={[deLocale, esLocale]}
          locale={i18n.locale === "en" ? "en-US" : i18n.locale}
          firstDay={firstDayOfWeek(i18n.locale)}
          buttonText={i18n.locale === "en" ? { list: t`Agenda` } : undefined}
          validRange={{ start: "1900-01-01", end: dayjs(DATE_MAX).add(1, "day").format("YYYY-MM-DD") }}
          height="auto"
          events={inputs}
          selectable
          selectMirror
          editable
          longPressDelay={400}
          nowIndicator
          dayMaxEvents
          select={onSelect}
          eventClick={onClick}
          eventDrop={(info) => void onMove(info)}
          eventResize={(info) => void onMove(info)}
          noEventsContent={t`Nothing on these days`}
        />
      </Box>
      <FeedPanel companyId={companyId} />
      <EventModal
        opened={modal !== null}
        editing={modal?.id ? { id: modal.id, canDelete: true } : null}
        initial={modal?.initial ?? EMPTY}
        onClose={() => setModal(null)}
        onSave={async (fields) => {
          try {
            if (modal?.id) await engine.write.patch(ENTITY, modal.id, fields);
            else await engine.write.put(ENTITY, companyId, newId(), fields);
            setModal(null);
          } catch (error) {
            failed(error);
          }
        }}
        onDelete={async () => {
          try {
            if (modal?.id) await engine.write.remove(ENTITY, modal.id);
            setModal(null);
            toast.success(t`Event deleted`);
          } catch (error) {
            failed(error);
          }
        }}
      />
    </Stack>
  );
}

const EMPTY: EventFormValues = {
  title: "",
  description: "",
  allDay: true,
  start: null,
  end: null,
  colour: "blue",
  visibility: "company",
};

/** `date`: the day the calendar opens on (today when absent). */
export function CalendarPage({ date }: { date?: string }) {
  const { t } = useLingui();
  usePageTitle(t`Calendar`);
  const companyId = useCompanyId();
  return (
    <Stack>
      <Title order={1}>
        <Trans>Calendar</Trans>
      </Title>
      {companyId ? (
        <Calendar companyId={companyId} date={date} />
      ) : (
        <Alert color="yellow" title={t`No company yet`}>
          <Trans>
            The calendar belongs to a company. Create or join one on the Company Account page first.
          </Trans>
        </Alert>
      )}
    </Stack>
  );
}
