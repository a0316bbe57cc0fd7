import {
  OUTBOX_PATH,
  type OutboxMail,
  type OutboxMailFull,
  type OutboxPage,
  type OutboxStatus,
} from "../../../domain/outbox";
import { http } from "../../lib/http";

export interface OutboxFilter {
  page: number;
  rowsPerPage: number;
  query: string;
  status: OutboxStatus | null;
}

export const outboxKeys = {
  all: ["outbox"] as const,
  lists: () => [...outboxKeys.all, "list"] as const,
  list: (f: OutboxFilter) => [...outboxKeys.lists(), f] as const,
  mail: (id: string) => [...outboxKeys.all, "mail", id] as const,
};

export const outboxApi = {
  list: (f: OutboxFilter) =>
    http.get<OutboxPage>(OUTBOX_PATH, {
      query: {
        page: f.page,
        rowsPerPage: f.rowsPerPage,
        query: f.query || undefined,
        status: f.status ?? undefined,
      },
    }),
  mail: (id: string) => http.get<OutboxMailFull>(`${OUTBOX_PATH}/${id}`),
  resend: (id: string) => http.post<OutboxMail>(`${OUTBOX_PATH}/${id}/resend`),
};
