/**
 * /guided-listing-images (spec section 2: public, outside the marketing layout): the guided
 * sequence of listing photos on its own page, for a phone in the warehouse. No sign-in
 * needed; a signed-in seller gets a link on to Describe and List when done.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { Logo } from "../../../ui/Logo";
import { usePageTitle } from "../../../ui/usePageTitle";
import { useAuth } from "../../auth/auth-context";
import { HrefLink, useInventoryLinks } from "../inventory-area";
import { GuidedShots } from "./GuidedShots";

export function GuidedListingImagesPage() {
  const links = useInventoryLinks();
  const { t } = useLingui();
  usePageTitle(t`Guided listing images`);
  const { isAuthenticated } = useAuth();
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);

  return (
    <Container
      size="xs"
      px="md"
      pt="md"
      component="main"
      mih="100dvh"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Stack gap="md" flex={1}>
        <Anchor component={Link} to="/" aria-label={t`Blocklot home`} w="fit-content">
          <Logo size={28} />
        </Anchor>
        <div>
          <Title order={1} size="h2">
            <Trans>Guided listing images</Trans>
          </Title>
          <Text c="dimmed" size="sm">
            <Trans>
              Seven shots that answer a buyer's questions. Follow them in order with your phone's camera.
            </Trans>
          </Text>
        </div>
        {done ? (
          <Card withBorder padding="lg" role="status">
            <Stack gap="sm">
              <Title order={2} size="h3">
                <Trans>That's every shot</Trans>
              </Title>
              <Text>
                <Trans>Check that each photo is sharp and well lit, then add them to the item.</Trans>
              </Text>
              <Group grow>
                <Button
                  variant="default"
                  size="lg"
                  onClick={() => {
                    setDone(false);
                    setStep(0);
                  }}
                >
                  <Trans>Start again</Trans>
                </Button>
                {isAuthenticated ? (
                  <Button component={HrefLink} href={links.describe()} size="lg">
                    <Trans>Describe items</Trans>
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ) : (
          // guests see the floating Settings button at the bottom right: the buttons stay above it
          <GuidedShots
            step={step}
            onStepChange={setStep}
            onDone={() => setDone(true)}
            bottomGap={isAuthenticated ? 0 : 72}
          />
        )}
      </Stack>
    </Container>
  );
}
