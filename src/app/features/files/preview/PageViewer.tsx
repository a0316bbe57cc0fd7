import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  AspectRatio,
  alpha,
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  useMantineTheme,
} from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from "@tabler/icons-react";
import type { LineBox } from "./file-preview-api";
import { boxStyle } from "./line-items";
import { usePageImage } from "./use-page-image";

/** US letter: the shape a page is assumed to have until its image arrives. */
const LETTER_RATIO = 612 / 792;

/**
 * The page image with page navigation; `highlight` draws a box over the image where the
 * line item under the pointer (or with keyboard focus) sits on this page.
 */
export function PageViewer({
  fileId,
  fileName,
  page,
  pageCount,
  onPage,
  highlight,
}: {
  fileId: string;
  fileName: string;
  page: number;
  pageCount: number;
  onPage: (n: number) => void;
  highlight: LineBox | null;
}) {
  const { t } = useLingui();
  const theme = useMantineTheme();
  const image = usePageImage(fileId, page, pageCount, pageCount > 0);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" data-testid="page-nav">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Previous page`}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={500} aria-live="polite" data-testid="page-indicator">
          <Trans>
            Page {page} of {pageCount}
          </Trans>
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Next page`}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: "hidden" }}>
        {image.url ? (
          <Box pos="relative">
            <img
              src={image.url}
              alt={t`Page ${page} of file ${fileName}`}
              data-testid="page-image"
              style={{ display: "block", width: "100%", height: "auto" }}
            />
            {highlight && (
              <Box
                data-testid="line-highlight"
                aria-hidden
                pos="absolute"
                style={{
                  ...boxStyle(highlight),
                  backgroundColor: alpha(theme.colors.yellow[4], 0.35),
                  outline: `2px solid ${theme.colors.yellow[7]}`,
                  outlineOffset: 2,
                  borderRadius: theme.radius.xs,
                  pointerEvents: "none",
                  mixBlendMode: "multiply",
                }}
              />
            )}
          </Box>
        ) : image.error ? (
          <AspectRatio ratio={LETTER_RATIO}>
            <Alert
              color="orange"
              icon={<IconPhotoOff size={18} />}
              title={t`This page cannot be shown`}
              data-testid="page-image-error"
            >
              {image.error.message}
            </Alert>
          </AspectRatio>
        ) : (
          <AspectRatio ratio={LETTER_RATIO}>
            <Skeleton radius={0} aria-label={t`Loading page ${page}`} role="status" />
          </AspectRatio>
        )}
      </Paper>
    </Stack>
  );
}
