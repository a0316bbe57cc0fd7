/**
 * Where an item's photos stand with eBay's picture service: sent ahead of a publish for a
 * connected, set-up seller (docs/ebay.md "Photos"), how many are there, and eBay's words for a
 * photo it refused. Nothing for an item without stored photos.
 */
import { useLingui } from "@lingui/react/macro";
import { Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { ebayQueries } from "./api";

export function EbayPhotosState({ itemId, seller }: { itemId: string; seller: string | null }) {
  const { t } = useLingui();
  const answer = useQuery(ebayQueries.photos(itemId, seller));
  const all = answer.data?.[0]?.photos ?? [];
  const stored = all.filter((p) => p.state !== "link");
  if (stored.length === 0) return null;
  const onEbay = stored.filter((p) => p.state === "on_ebay").length;
  const total = stored.length;
  return (
    <Stack gap={2} data-testid="ebay-photos-state">
      <Text size="sm" c="dimmed">
        {onEbay === total
          ? t`All photos are on eBay, ready to publish`
          : t`Photos on eBay: ${onEbay} of ${total}`}
      </Text>
      {all.map((p, i) => {
        if (p.state !== "refused") return null;
        const position = i + 1;
        const reason = p.error ?? "";
        return (
          <Text key={p.ref} size="xs" c="red">
            {t`Photo ${position} was refused by eBay: ${reason}`}
          </Text>
        );
      })}
    </Stack>
  );
}
