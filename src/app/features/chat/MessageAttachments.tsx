import { useLingui } from "@lingui/react/macro";
import { Anchor, Group, Image, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconFile } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { type ChatAttachmentApi, isChatImage } from "../../../domain/chat/attachments";
import { chatKeys } from "./api";
import { chatAttachmentsApi } from "./attachments-api";
import { useFileSize } from "./use-file-size";

/** A message's files: images as thumbnails, others as a link with name and size; a click downloads. */
export function MessageAttachments({ files }: { files: ChatAttachmentApi[] }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4} mt={4}>
      {files.map((a) =>
        isChatImage(a) ? <Thumbnail key={a.id} file={a} /> : <FileLink key={a.id} file={a} />,
      )}
    </Stack>
  );
}

function FileLink({ file }: { file: ChatAttachmentApi }) {
  const { t } = useLingui();
  const size = useFileSize()(file.size);
  const name = file.fileName;
  return (
    <Group gap={4} wrap="nowrap">
      <IconFile size={16} aria-hidden />
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => void chatAttachmentsApi.save(file).catch(() => undefined)}
        aria-label={t`Download ${name} (${size})`}
      >
        {name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {size}
      </Text>
    </Group>
  );
}

function Thumbnail({ file }: { file: ChatAttachmentApi }) {
  const { t } = useLingui();
  const blob = useQuery({
    queryKey: chatKeys.attachment(file.id),
    queryFn: () => chatAttachmentsApi.blob(file.id),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const name = file.fileName;
  return (
    <UnstyledButton
      onClick={() => void chatAttachmentsApi.save(file).catch(() => undefined)}
      aria-label={t`Download ${name}`}
      w="fit-content"
    >
      {url ? (
        <Image src={url} alt={name} maw={200} mah={200} fit="contain" radius="sm" />
      ) : (
        <Text size="sm">{name}</Text>
      )}
    </UnstyledButton>
  );
}
