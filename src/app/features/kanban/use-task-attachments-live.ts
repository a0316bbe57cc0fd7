/**
 * Keeps an open task drawer's attachment list current: another member's attach or remove comes as
 * the live channel's `kanban-attachments` event (docs/kanban.md "Attachments"), which pulls the
 * sync feed, where the device's list of the task's files comes from (the same commit also sends
 * `sync-changed`; a pull asked twice runs once). A reopened stream pulls already (sync-start.ts).
 */
import { useEffect } from "react";
import { KANBAN_ATTACHMENTS_EVENT, type KanbanAttachmentsEventData } from "../../../domain/kanban/board";
import { onSyncChanged } from "../../../sync/triggers";
import { liveEvents } from "../../lib/live-events";

export function useTaskAttachmentsLive(taskId: string, enabled: boolean) {
  useEffect(() => {
    const live = liveEvents();
    if (!enabled || !live) return;
    return live.subscribe(KANBAN_ATTACHMENTS_EVENT, (data) => {
      try {
        if ((JSON.parse(data) as KanbanAttachmentsEventData).taskId === taskId) onSyncChanged();
      } catch {
        // a malformed event changes nothing
      }
    });
  }, [taskId, enabled]);
}
