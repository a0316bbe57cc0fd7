/**
 * The frame of the marketplace inventory screens (docs/marketplace.md "In the app"): the seller's
 * own inventory screens, run in the seller named by `?seller=`. It
 * - syncs that seller's company (its own feed cursor, rows and outbox entries under the seller's
 *   company id, apart from the staff member's own company's) and marks it a seller company, so
 *   every sync request of it — from this page or the service worker — carries X-Seller-Company;
 * - gives the page's other inventory requests (photos) the same header while it is shown;
 * - gives the screens their /marketplace links (`MarketplaceInventoryArea`);
 * - says whose inventory this is, with the way back to /marketplace.
 */

import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { type ReactNode, useEffect } from "react";
import { setSellerScope } from "../../lib/http";
import { getDb } from "../../offline/db";
import { noteSellerCompany, rememberSellerCompany, sellerCompanyName } from "../../offline/seller-companies";
import { SyncProvider } from "../../offline/sync-provider";
import { BackLink } from "../../ui/BackLink";
import { HrefLink, MarketplaceInventoryArea, useInventoryLinks } from "../inventory/inventory-area";
import { sellerChatHref } from "./seller-chat-href";

export function SellerInventoryFrame({
  seller,
  name,
  children,
}: {
  seller: string | undefined;
  name: string | undefined;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (!seller)
    return (
      <Alert color="yellow" title={t`Choose a seller first`}>
        <Trans>
          These screens work in a seller's inventory. Choose the seller on{" "}
          <Anchor component={Link} to="/marketplace">
            Marketplace
          </Anchor>
          .
        </Trans>
      </Alert>
    );
  return (
    <SellerScope key={seller} seller={seller} name={name}>
      {children}
    </SellerScope>
  );
}

function SellerScope({
  seller,
  name,
  children,
}: {
  seller: string;
  name: string | undefined;
  children: ReactNode;
}) {
  // Set while rendering, not in an effect: the screens' own effects (photo requests, the first
  // pull) run before this component's, and must already carry the seller.
  noteSellerCompany(seller);
  setSellerScope(seller);
  useEffect(() => {
    setSellerScope(seller);
    void rememberSellerCompany(getDb(), seller, name);
    return () => setSellerScope(null);
  }, [seller, name]);

  return (
    <SyncProvider companyId={seller}>
      <MarketplaceInventoryArea seller={seller}>
        <Stack gap="lg">
          <SellerBar seller={seller} name={name} />
          {children}
        </Stack>
      </MarketplaceInventoryArea>
    </SyncProvider>
  );
}

function SellerBar({ seller, name }: { seller: string; name: string | undefined }) {
  const { t } = useLingui();
  const links = useInventoryLinks();
  const stored = useLiveQuery(() => sellerCompanyName(getDb(), seller), [seller]);
  const sellerName = name ?? stored ?? t`this seller`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="seller-bar">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconBuildingStore size={20} aria-hidden />
          <Text fw={600} data-testid="seller-name">
            <Trans>Working in the inventory of {sellerName}</Trans>
          </Text>
        </Group>
        <Group component="nav" gap="md" wrap="wrap" aria-label={t`Seller's inventory`}>
          <Anchor component={HrefLink} href={links.home} size="sm">
            <Trans>Batches</Trans>
          </Anchor>
          <Anchor component={HrefLink} href={links.describe()} size="sm">
            <Trans>Describe and List</Trans>
          </Anchor>
          <Anchor component={HrefLink} href={links.productList} size="sm">
            <Trans>Products</Trans>
          </Anchor>
          <Anchor component={HrefLink} href={sellerChatHref(seller)} size="sm">
            <Trans>Chat with the seller</Trans>
          </Anchor>
          <BackLink to="/marketplace" label={msg`All sellers`} />
        </Group>
      </Group>
    </Paper>
  );
}
