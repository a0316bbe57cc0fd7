/**
 * Files on chat messages (docs/chat.md "Attachments"): images, PDFs and spreadsheets, stored
 * through the file store with its checks (type by content, size limit). The app and the server
 * share the shape, paths and limits.
 */
export interface ChatAttachmentApi {
  id: string;
  threadId: string;
  fileName: string;
  contentType: string;
  /** What the content is (sniffed): pdf, png, jpeg, tiff, heic, xlsx, xls, csv. */
  kind: string;
  size: number;
  createdAt: string;
}

/** The most one attached file may weigh (or the server's MAX_UPLOAD_MB when lower). */
export const CHAT_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The most files one message carries. */
export const CHAT_ATTACHMENTS_PER_MESSAGE = 5;
/** What the file picker offers (the server checks the content, not the name). */
export const CHAT_ATTACHMENT_ACCEPT = ".pdf,.png,.jpg,.jpeg,.tif,.tiff,.heic,.xlsx,.xls,.csv";

/** Upload to a thread: `POST` multipart `file` → 201 the attachment (not yet on a message). */
export const chatAttachmentUploadPath = (threadId: string) => `/api/chat/threads/${threadId}/attachments`;
/** Download: the bytes as uploaded, for those who can see the thread. */
export const chatAttachmentPath = (id: string) => `/api/chat/attachments/${id}`;

/** Kinds shown as an image thumbnail in the thread (browsers draw them). */
export const isChatImage = (a: Pick<ChatAttachmentApi, "kind">) => a.kind === "png" || a.kind === "jpeg";
