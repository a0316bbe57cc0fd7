import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Card, SimpleGrid, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { GalleryPage } from "../GalleryPage";
import { GALLERY_PAGES } from "../gallery-pages";

/** /components: every page of the gallery, a card each. */
export default function GalleryIndexPage() {
  const { t, i18n } = useLingui();
  return (
    <GalleryPage
      title={t`Component gallery`}
      index
      intro={
        <Trans>
          The product's own components and theme tokens, each with the code that renders it: start a new
          screen from here.
        </Trans>
      }
    >
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 3 }} p={0} m={0} style={{ listStyle: "none" }}>
        {GALLERY_PAGES.map((page) => (
          <li key={page.path}>
            <Card padding="md" h="100%">
              <Anchor
                fw={600}
                size="lg"
                renderRoot={(props) => <Link {...props} to="/components/$" params={{ _splat: page.path }} />}
              >
                {i18n._(page.title)}
              </Anchor>
              <Text size="sm" c="dimmed">
                /components/{page.path}
              </Text>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </GalleryPage>
  );
}
