/**
 * The composer's files (docs/chat.md "Attachments"): each picked file is uploaded to the thread at
 * once (the server checks its type by content and its size; its refusal is shown in words), and
 * the uploaded ones go with the next message. Picked offline, a file is kept as it is (`local`)
 * and goes with the message through the upload queue (offline/attachment-uploads.ts).
 */
import { useState } from "react";
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
  type ChatAttachmentApi,
} from "../../../domain/chat/attachments";
import { chatAttachmentsApi } from "./attachments-api";

export type AttachProblem =
  | { kind: "too-large"; name: string }
  | { kind: "too-many" }
  | { kind: "server"; message: string };

export function useChatAttachments(threadId: string) {
  const [files, setFiles] = useState<ChatAttachmentApi[]>([]);
  const [local, setLocal] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<AttachProblem | null>(null);

  const add = async (picked: File[]) => {
    setProblem(null);
    if (files.length + local.length + picked.length > CHAT_ATTACHMENTS_PER_MESSAGE) {
      setProblem({ kind: "too-many" });
      return;
    }
    if (!navigator.onLine) {
      const fit = picked.filter((f) => f.size <= CHAT_ATTACHMENT_MAX_BYTES);
      const big = picked.find((f) => f.size > CHAT_ATTACHMENT_MAX_BYTES);
      if (big) setProblem({ kind: "too-large", name: big.name });
      setLocal((list) => [...list, ...fit]);
      return;
    }
    setUploading(true);
    try {
      for (const file of picked) {
        if (file.size > CHAT_ATTACHMENT_MAX_BYTES) {
          setProblem({ kind: "too-large", name: file.name });
          continue;
        }
        try {
          const uploaded = await chatAttachmentsApi.upload(threadId, file);
          setFiles((list) => [...list, uploaded]);
        } catch (error) {
          setProblem({ kind: "server", message: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      setUploading(false);
    }
  };

  const remove = (id: string) => setFiles((list) => list.filter((f) => f.id !== id));
  const removeLocal = (file: File) => setLocal((list) => list.filter((f) => f !== file));
  const clear = () => {
    setFiles([]);
    setLocal([]);
    setProblem(null);
  };

  return { files, local, uploading, problem, add, remove, removeLocal, clear };
}
