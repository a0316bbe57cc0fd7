/**
 * A task's attached files on the server (docs/kanban.md "Attachments"): attach, download and
 * remove, online only. The list the drawer shows is the device's (use-task-attachments.ts), kept
 * by the sync feed.
 */
import type { TaskAttachment } from "../../../domain/kanban/board";
import { http } from "../../lib/http";
import { saveBlob } from "../../lib/save-blob";

export const attachmentsApi = {
  add: (taskId: string, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return http.post<TaskAttachment>(`/api/kanban/tasks/${taskId}/attachments`, form);
  },
  remove: (id: string) => http.delete<void>(`/api/kanban/attachments/${id}`),
  save: async (a: Pick<TaskAttachment, "id" | "fileName">) =>
    saveBlob(await http.get<Blob>(`/api/kanban/attachments/${a.id}`, { responseType: "blob" }), a.fileName),
};

/** What the file picker offers: the types the server accepts by content (docs/files.md). */
export const ATTACHMENT_ACCEPT =
  ".pdf,.png,.jpg,.jpeg,.tif,.tiff,.heic,.xlsx,.xls,.csv,application/pdf,image/png,image/jpeg,image/tiff,image/heic,text/csv";
