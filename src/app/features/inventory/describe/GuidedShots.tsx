/**
 * The guided sequence of listing photos: one shot at a time with its example picture and a
 * short instruction, "3 of 7" progress, and big Back / Next buttons at the bottom of the
 * screen so it works one-handed on a phone. A sideways swipe or the arrow keys also turn
 * the step. Used on /guided-listing-images and from Describe and List.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Box, Button, Group, Image, Progress, Stack, Text, Title } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconArrowLeft, IconArrowRight, IconCheck } from "@tabler/icons-react";
import { useRef } from "react";
import { clampStep, GUIDED_SHOT_IDS, type GuidedShotId, guidedImage, swipeDirection } from "./guided-shots";

const SHOTS: Record<
  GuidedShotId,
  { title: MessageDescriptor; instruction: MessageDescriptor; alt: MessageDescriptor }
> = {
  front: {
    title: msg`Front`,
    instruction: msg`Stand the item on a plain background in good light. Hold the phone straight on and fill the frame with the whole item.`,
    alt: msg`Example: the front of a backpack, straight on, filling the frame`,
  },
  back: {
    title: msg`Back`,
    instruction: msg`Turn the item around. Same distance, same light, straight on.`,
    alt: msg`Example: the back of the backpack with its straps`,
  },
  left: {
    title: msg`Left side`,
    instruction: msg`Turn the item a quarter so its left side faces you. Show pockets, ports or the depth.`,
    alt: msg`Example: the left side of the backpack`,
  },
  right: {
    title: msg`Right side`,
    instruction: msg`Turn it a quarter the other way for the right side.`,
    alt: msg`Example: the right side of the backpack`,
  },
  label: {
    title: msg`Label or tag`,
    instruction: msg`Get close to the brand label, size or model tag so every word can be read. Tap the screen to focus.`,
    alt: msg`Example: a close-up of a tag with readable text and a barcode`,
  },
  defects: {
    title: msg`Defects close up`,
    instruction: msg`Photograph each scratch, stain, tear or missing part up close. Buyers trust listings that show them.`,
    alt: msg`Example: a scratch circled in red, seen through a magnifier`,
  },
  measurements: {
    title: msg`Measurements`,
    instruction: msg`Lay a tape measure along the width, then the height, with the numbers readable in the photo.`,
    alt: msg`Example: a tape measure along the width and the height of the backpack`,
  },
};

export interface GuidedShotsProps {
  step: number;
  onStepChange(step: number): void;
  /** Called by the last step's button. */
  onDone(): void;
  /** Heading level of the shot's title (2 on its own page, 3 inside another page). */
  headingOrder?: 2 | 3;
  /** Room kept under the buttons (px), e.g. for the floating Settings button shown to guests. */
  bottomGap?: number;
}

export function GuidedShots({
  step: rawStep,
  onStepChange,
  onDone,
  headingOrder = 2,
  bottomGap = 0,
}: GuidedShotsProps) {
  const { t, i18n } = useLingui();
  const step = clampStep(rawStep);
  const id = GUIDED_SHOT_IDS[step] as GuidedShotId;
  const shot = SHOTS[id];
  const total = GUIDED_SHOT_IDS.length;
  const position = step + 1;
  const last = step === total - 1;
  const touch = useRef<{ x: number; y: number } | null>(null);

  const go = (next: number) => onStepChange(clampStep(next));
  useHotkeys([
    ["ArrowRight", () => (last ? undefined : go(step + 1))],
    ["ArrowLeft", () => go(step - 1)],
  ]);

  return (
    <Stack gap="md" flex={1} data-testid="guided-shots" data-step={position}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm" data-testid="guided-progress" aria-live="polite">
            <Trans>
              {position} of {total}
            </Trans>
            <Text span size="sm" c="dimmed">
              {" · "}
              {i18n._(shot.title)}
            </Text>
          </Text>
        </Group>
        <Progress value={(position / total) * 100} size="sm" aria-label={t`Shot ${position} of ${total}`} />
      </Stack>
      <Box
        // sideways drags are the page's (step swipes), not the browser's back/forward gesture
        style={{ touchAction: "pan-y" }}
        onTouchStart={(e) => {
          const p = e.touches[0];
          touch.current = p ? { x: p.clientX, y: p.clientY } : null;
        }}
        onTouchEnd={(e) => {
          const from = touch.current;
          const p = e.changedTouches[0];
          touch.current = null;
          if (!from || !p) return;
          const dir = swipeDirection(p.clientX - from.x, p.clientY - from.y);
          if (dir === "next" && !last) go(step + 1);
          if (dir === "previous") go(step - 1);
        }}
      >
        <Image
          src={guidedImage(id)}
          alt={i18n._(shot.alt)}
          radius="md"
          h={{ base: "34vh", sm: 260 }}
          fit="contain"
          mah={320}
          draggable={false}
        />
      </Box>
      <Stack gap={4}>
        <Title order={headingOrder} size="h3">
          {i18n._(shot.title)}
        </Title>
        <Text>{i18n._(shot.instruction)}</Text>
      </Stack>
      <Box
        pos="sticky"
        bottom={0}
        mt="auto"
        pt="sm"
        pb={`calc(var(--mantine-spacing-sm) + ${bottomGap}px + env(safe-area-inset-bottom, 0px))`}
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: "1px solid var(--mantine-color-default-border)" }}
      >
        <Group grow gap="sm" wrap="nowrap">
          <Button
            size="lg"
            h={56}
            variant="default"
            leftSection={<IconArrowLeft size={20} aria-hidden />}
            disabled={step === 0}
            onClick={() => go(step - 1)}
          >
            <Trans>Back</Trans>
          </Button>
          {last ? (
            <Button size="lg" h={56} rightSection={<IconCheck size={20} aria-hidden />} onClick={onDone}>
              <Trans>Done</Trans>
            </Button>
          ) : (
            <Button
              size="lg"
              h={56}
              rightSection={<IconArrowRight size={20} aria-hidden />}
              onClick={() => go(step + 1)}
            >
              <Trans>Next</Trans>
            </Button>
          )}
        </Group>
      </Box>
    </Stack>
  );
}
