/** Files on chat messages (docs/chat.md "Attachments"): upload to a thread, open, download. */
import {
  type ChatAttachmentApi,
  chatAttachmentPath,
  chatAttachmentUploadPath,
} from "../../../domain/chat/attachments";
import { http } from "../../lib/http";
import { saveBlob } from "../../lib/save-blob";

export const chatAttachmentsApi = {
  upload: (threadId: string, file: File) => {
    const form = new FormData();
    form.append("file", file, file.name);
    return http.post<ChatAttachmentApi>(chatAttachmentUploadPath(threadId), form);
  },
  /** The bytes (downloads need the caller's token, so a link cannot point at them directly). */
  blob: (id: string) => http.get<Blob>(chatAttachmentPath(id), { responseType: "blob" }),
  save: async (a: Pick<ChatAttachmentApi, "id" | "fileName">) =>
    saveBlob(await chatAttachmentsApi.blob(a.id), a.fileName),
};
