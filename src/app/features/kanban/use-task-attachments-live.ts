/**
 * Keeps an open task drawer's attachment list current: another member's attach or remove comes as
 * the live channel's `kanban-attachments` event (docs/kanban.md "Attachments"), and a reopened
 * stream may have missed some, so both read the task's list again.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { KANBAN_ATTACHMENTS_EVENT, type KanbanAttachmentsEventData } from "../../../domain/kanban/board";
import { liveEvents } from "../../lib/live-events";
import { attachmentKeys } from "./attachments-api";

export function useTaskAttachmentsLive(taskId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    const live = liveEvents();
    if (!enabled || !live) return;
    const refresh = () => void client.invalidateQueries({ queryKey: attachmentKeys.task(taskId) });
    const leave = [
      live.subscribe(KANBAN_ATTACHMENTS_EVENT, (data) => {
        try {
          if ((JSON.parse(data) as KanbanAttachmentsEventData).taskId === taskId) refresh();
        } catch {
          // a malformed event changes nothing
        }
      }),
      live.onOpen(refresh),
    ];
    return () => {
      for (const off of leave) off();
    };
  }, [client, taskId, enabled]);
}
