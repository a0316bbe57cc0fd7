import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, FileButton, Group, Pill, Text, Tooltip } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import {
  CHAT_ATTACHMENT_ACCEPT,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENTS_PER_MESSAGE,
} from "../../../domain/chat/attachments";
import type { useChatAttachments } from "./use-chat-attachments";
import { useFileSize } from "./use-file-size";

type Attachments = ReturnType<typeof useChatAttachments>;

/** The composer's "Attach files" button (images, PDFs, spreadsheets). */
export function AttachButton({ attachments, disabled }: { attachments: Attachments; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <FileButton multiple accept={CHAT_ATTACHMENT_ACCEPT} onChange={(files) => void attachments.add(files)}>
      {(props) => (
        <Tooltip label={t`Attach images, PDFs or spreadsheets`}>
          <ActionIcon
            {...props}
            size="lg"
            variant="subtle"
            aria-label={t`Attach files`}
            loading={attachments.uploading}
            disabled={disabled}
          >
            <IconPaperclip size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

/** The files uploaded for the next message (removable) and why a file was refused. */
export function ComposerAttachments({ attachments }: { attachments: Attachments }) {
  const { t } = useLingui();
  const size = useFileSize();
  const { problem, files, local } = attachments;
  const most = CHAT_ATTACHMENTS_PER_MESSAGE;
  const limit = size(CHAT_ATTACHMENT_MAX_BYTES);
  const tooLarge = problem?.kind === "too-large" ? problem.name : "";
  return (
    <>
      {problem && (
        <Text size="xs" c="red" role="alert">
          {problem.kind === "server" && problem.message}
          {problem.kind === "too-many" && <Trans>A message carries at most {most} files.</Trans>}
          {problem.kind === "too-large" && (
            <Trans>
              {tooLarge} is larger than {limit}, the most accepted per file.
            </Trans>
          )}
        </Text>
      )}
      {files.length + local.length > 0 && (
        <Group gap={4} aria-label={t`Files to send`} role="list">
          {files.map((f) => {
            const name = f.fileName;
            return (
              <Pill
                key={f.id}
                role="listitem"
                withRemoveButton
                onRemove={() => attachments.remove(f.id)}
                removeButtonProps={{ "aria-label": t`Remove ${name}` }}
              >
                {name} · {size(f.size)}
              </Pill>
            );
          })}
          {local.map((f) => {
            const name = f.name;
            return (
              <Pill
                key={`local-${name}-${f.lastModified}`}
                role="listitem"
                withRemoveButton
                onRemove={() => attachments.removeLocal(f)}
                removeButtonProps={{ "aria-label": t`Remove ${name}` }}
              >
                {name} · {size(f.size)} · <Trans>sent when online</Trans>
              </Pill>
            );
          })}
        </Group>
      )}
    </>
  );
}
