import { Image, Skeleton, ThemeIcon } from "@mantine/core";
import { IconFileSpreadsheet, IconFileText, IconPhotoOff } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ManagedFile, previewOf } from "../../../../domain/files/file-manager";
import { useObjectUrl } from "../../../lib/use-object-url";
import { fileManagerQueries } from "./file-manager-api";

const SIZE = 48;

/** A photo's thumbnail (from the item photo route's `size=thumb`), else an icon of the kind of file. */
export function FileThumbnail({ file }: { file: ManagedFile }) {
  const preview = previewOf(file);
  if (preview.kind === "image") return <PhotoThumbnail path={preview.thumbPath} />;
  const Icon =
    file.contentType === "application/pdf" || file.contentType.startsWith("image/")
      ? IconFileText
      : IconFileSpreadsheet;
  return (
    <ThemeIcon size={SIZE} variant="light" color="gray" radius="sm" aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}

function PhotoThumbnail({ path }: { path: string }) {
  const blob = useQuery(fileManagerQueries.previewBlob(path));
  const url = useObjectUrl(blob.data);
  if (blob.isError)
    return (
      <ThemeIcon size={SIZE} variant="light" color="gray" radius="sm" aria-hidden>
        <IconPhotoOff size={24} />
      </ThemeIcon>
    );
  if (!url) return <Skeleton w={SIZE} h={SIZE} radius="sm" />;
  // The name beside it says what it is: the picture is decoration for screen readers.
  return <Image src={url} alt="" w={SIZE} h={SIZE} fit="cover" radius="sm" data-testid="photo-thumbnail" />;
}
