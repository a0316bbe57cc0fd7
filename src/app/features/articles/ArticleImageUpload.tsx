import { Trans, useLingui } from "@lingui/react/macro";
import { Button, FileButton, Group, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ArticleImage } from "../../../domain/articles/article";
import { HttpError } from "../../lib/http";
import { uploadArticleImage } from "./articles-api";

const ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

/**
 * The editor's image buttons: upload a cover (it becomes the cover's address) or an inline image
 * (its Markdown is added to the body). Stored in the file store; guests see it once published.
 */
export function ArticleImageUpload({
  onCover,
  onInline,
}: {
  onCover(image: ArticleImage): void;
  onInline(image: ArticleImage): void;
}) {
  const { t } = useLingui();
  const upload = useMutation({
    mutationFn: ({ file }: { file: File; target: "cover" | "inline" }) => uploadArticleImage(file),
    onSuccess: (image, { target }) => (target === "cover" ? onCover(image) : onInline(image)),
  });
  const error = upload.error
    ? upload.error instanceof HttpError && upload.error.status === 413
      ? t`The image is too large (at most 5 MB).`
      : upload.error instanceof HttpError && upload.error.status === 415
        ? t`Only PNG and JPEG images can be uploaded.`
        : t`The image could not be uploaded. Try again.`
    : null;
  const pick = (target: "cover" | "inline") => (file: File | null) => {
    if (file) upload.mutate({ file, target });
  };
  return (
    <Group gap="xs" align="center">
      <FileButton onChange={pick("cover")} accept={ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            loading={upload.isPending && upload.variables?.target === "cover"}
          >
            <Trans>Upload a cover image</Trans>
          </Button>
        )}
      </FileButton>
      <FileButton onChange={pick("inline")} accept={ACCEPT}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            loading={upload.isPending && upload.variables?.target === "inline"}
          >
            <Trans>Insert an image</Trans>
          </Button>
        )}
      </FileButton>
      {error && (
        <Text c="red" fz="sm" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
