/**
 * The frame of the marketplace inventory screens (docs/marketplace.md "In the app"): the seller's
 * own inventory screens, run in the seller named by `?seller=`. It
 * - syncs that seller's company (its own feed cursor, rows and outbox entries under the seller's
 *   company id, apart from the staff member's own company's) and marks it a seller company, so
 *   every sync request of it — from this page or the service worker — carries X-Seller-Company;
 * - gives the page's other inventory requests (photos) the same header while it is shown;
 * - gives the screens their /marketplace links (`MarketplaceInventoryArea`);
 * - says whose inventory this is, with the way back to /marketplace.
 * The admin's product pages (`area="admin"`, a super admin in any seller) run in the same frame:
 * their product links stay under /admin, the way back is the admin's product list.
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
import {
  HrefLink,
  MarketplaceInventoryArea,
  type StaffArea,
  useInventoryLinks,
} from "../inventory/inventory-area";
import { sellerChatHref } from "./seller-chat-href";

export function SellerInventoryFrame({
  seller,
  name,
  area = "marketplace",
  children,
}: {
  seller: string | undefined;
  name: string | undefined;
  area?: StaffArea;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (!seller && area === "admin")
    return (
      <Alert color="yellow" title={t`Choose a seller first`} data-testid="choose-seller">
        <Trans>These pages work in one seller's products. Choose the seller above.</Trans>
      </Alert>
    );
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
    <SellerScope key={seller} seller={seller} name={name} area={area}>
      {children}
    </SellerScope>
  );
}

function SellerScope({
  seller,
  name,
  area,
  children,
}: {
  seller: string;
  name: string | undefined;
  area: StaffArea;
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
      <MarketplaceInventoryArea seller={seller} area={area}>
        <Stack gap="lg">
          <SellerBar seller={seller} name={name} area={area} />
          {children}
        </Stack>
      </MarketplaceInventoryArea>
    </SyncProvider>
  );
}

function SellerBar({ seller, name, area }: { seller: string; name: string | undefined; area: StaffArea }) {
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
          {area === "marketplace" && (
            <>
              <Anchor component={HrefLink} href={sellerChatHref(seller)} size="sm">
                <Trans>Chat with the seller</Trans>
              </Anchor>
              <BackLink to="/marketplace" label={msg`All sellers`} />
            </>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
