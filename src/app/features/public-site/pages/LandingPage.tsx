import { Trans, useLingui } from "@lingui/react/macro";
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBarcode,
  IconBuildingSkyscraper,
  IconCamera,
  IconCloudUpload,
  IconFileCertificate,
  IconFileDescription,
  IconFileImport,
  IconFileInvoice,
  IconFileOff,
  IconFileSpreadsheet,
  IconPrinter,
  IconReceipt,
  IconSend,
  IconShoppingBag,
  IconWifiOff,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense } from "react";
import { usePageTitle } from "../../../ui/usePageTitle";
import { REGISTER_PATH } from "../constants";
import { HeroIllustration } from "./HeroIllustration";

// Mantine's Table brings ScrollArea and floating-ui: the table (below the fold) loads after
// the first paint instead of with it; the reserved height keeps the layout from shifting.
const PenaltyTable = lazy(() => import("../content/PenaltyTable").then((m) => ({ default: m.PenaltyTable })));

type Icon = typeof IconReceipt;

function SectionTitle({ id, title, lead }: { id: string; title: ReactNode; lead?: ReactNode }) {
  return (
    <Stack gap="xs" mb="xl" maw={720}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {lead ? <Text c="dimmed">{lead}</Text> : null}
    </Stack>
  );
}

function Feature({ icon: I, title, children }: { icon: Icon; title: ReactNode; children: ReactNode }) {
  return (
    <Card padding="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        <I size={24} aria-hidden="true" />
      </ThemeIcon>
      <Title order={3} fz="h5" mb={6}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed">
        {children}
      </Text>
    </Card>
  );
}

function CallsToAction({ size = "md" }: { size?: "md" | "lg" }) {
  return (
    <Group gap="sm">
      <Button component={Link} to={REGISTER_PATH} size={size}>
        <Trans>Sign Up</Trans>
      </Button>
      <Button component={Link} to="/request-demo" size={size} variant="default">
        <Trans>Request Demo</Trans>
      </Button>
    </Group>
  );
}

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      bg="light-dark(var(--mantine-primary-color-0), var(--mantine-color-dark-7))"
      py={{ base: 40, md: 72 }}
    >
      <Container size="lg">
        <Grid align="center" gutter={48}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge variant="filled" size="lg" w="fit-content">
                <Trans>RPIE deadline: June 1</Trans>
              </Badge>
              <Title order={1} id="hero-title">
                <Trans>Your NYC RPIE statement, filed for you</Trans>
              </Title>
              <Text fz="lg">
                <Trans>
                  Every income-producing property in New York City with an assessed value over $40,000 must
                  file a Real Property Income and Expense (RPIE) statement, usually by June 1. Upload your
                  financial statements, accept a quote, and our staff file it on your behalf.
                </Trans>
              </Text>
              <CallsToAction size="lg" />
              <Text fz="sm" fw={600} c="dimmed">
                <Trans>Join 6,000+ forward-thinking companies</Trans>
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} visibleFrom="sm">
            <HeroIllustration />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function HowItWorks() {
  const steps: { id: string; icon: Icon; title: ReactNode; text: ReactNode }[] = [
    {
      id: "bbl",
      icon: IconBuildingSkyscraper,
      title: <Trans>Add your properties by BBL</Trans>,
      text: (
        <Trans>
          Enter each property's borough, block and lot number. One account holds every building you own or
          manage.
        </Trans>
      ),
    },
    {
      id: "upload",
      icon: IconCloudUpload,
      title: <Trans>Upload your statements</Trans>,
      text: (
        <Trans>
          Upload the income and expense statements you already have: PDFs, scans or spreadsheets. No need to
          retype anything.
        </Trans>
      ),
    },
    {
      id: "quote",
      icon: IconReceipt,
      title: <Trans>Get a quote</Trans>,
      text: (
        <Trans>
          We review your documents and send a quote based on how complex the financial data is. You pay only
          once you accept it.
        </Trans>
      ),
    },
    {
      id: "file",
      icon: IconSend,
      title: <Trans>We file</Trans>,
      text: (
        <Trans>
          Our staff map your statements onto the required forms and file them on your behalf. You see the
          status of every filing in your dashboard.
        </Trans>
      ),
    },
  ];
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="how-title">
      <SectionTitle id="how-title" title={<Trans>How it works</Trans>} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {steps.map((s, i) => (
          <Card key={s.id} padding="lg">
            <Group gap="sm" mb="md">
              <ThemeIcon size={40} radius="xl">
                <Text fw={700} c="inherit" aria-hidden="true">
                  {i + 1}
                </Text>
              </ThemeIcon>
              <s.icon size={24} aria-hidden="true" />
            </Group>
            <Title order={3} fz="h5" mb={6}>
              {s.title}
            </Title>
            <Text fz="sm" c="dimmed">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

function WhatWeFile() {
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="forms-title">
      <SectionTitle
        id="forms-title"
        title={<Trans>What we file</Trans>}
        lead={
          <Trans>
            We work out which forms your property needs and prepare each one from your statements.
          </Trans>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Feature icon={IconFileDescription} title={<Trans>RPIE long form</Trans>}>
          <Trans>
            The full income and expense statement for income-producing property, with the rent-roll addendum
            when the actual assessed value is $750,000 or more.
          </Trans>
        </Feature>
        <Feature icon={IconFileSpreadsheet} title={<Trans>RPIE short form</Trans>}>
          <Trans>
            The shorter statement for properties with an actual assessed value of $250,000 or less.
          </Trans>
        </Feature>
        <Feature icon={IconFileOff} title={<Trans>Claim of Exclusion</Trans>}>
          <Trans>
            For properties over the threshold that are excluded from the full statement. It still has to be
            filed every year.
          </Trans>
        </Feature>
        <Feature icon={IconFileInvoice} title={<Trans>TC201 and TC203 schedules</Trans>}>
          <Trans>
            The NYC Tax Commission's income and expense schedules: TC201 for rent-producing property, TC203
            for cooperatives and condominiums.
          </Trans>
        </Feature>
        <Feature icon={IconFileCertificate} title={<Trans>Audit report</Trans>}>
          <Trans>
            When a filing needs certified figures, we prepare the audit report that goes with your statements.
          </Trans>
        </Feature>
      </SimpleGrid>
    </Container>
  );
}

function Penalties() {
  return (
    <Box bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Container size="lg" py={64} component="section" aria-labelledby="penalties-title">
        <Grid gutter={48}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SectionTitle
              id="penalties-title"
              title={<Trans>What a missed filing costs</Trans>}
              lead={
                <Trans>
                  The Department of Finance charges a penalty for each statement that is late or missing.
                  Unpaid penalties become a lien on the property.
                </Trans>
              }
            />
            <List spacing="xs" fz="sm">
              <List.Item>
                <Trans>
                  A Claim of Exclusion not filed costs $100, $500 after two years and $1,000 after three.
                </Trans>
              </List.Item>
              <List.Item>
                <Trans>
                  Three years in a row without a statement can cost 5% of the property's assessed value.
                </Trans>
              </List.Item>
            </List>
            <Button component={Link} to="/penalty-removal" variant="light" mt="lg">
              <Trans>Already penalised? Read about penalty removal</Trans>
            </Button>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Suspense fallback={<div style={{ minHeight: 480 }} />}>
              <PenaltyTable />
            </Suspense>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function ResellerTools() {
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="tools-title">
      <SectionTitle
        id="tools-title"
        title={<Trans>Tools for resellers</Trans>}
        lead={
          <Trans>
            Blocklot also runs your inventory: from the warehouse shelf to an eBay listing. The tools work on
            your phone and keep working without a connection.
          </Trans>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Feature icon={IconFileImport} title={<Trans>Import inventory files</Trans>}>
          <Trans>Bring in your existing stock lists from spreadsheet files in one step.</Trans>
        </Feature>
        <Feature icon={IconBarcode} title={<Trans>Scan barcodes</Trans>}>
          <Trans>Use your phone's camera to scan items as you walk the warehouse.</Trans>
        </Feature>
        <Feature icon={IconCamera} title={<Trans>Photograph items</Trans>}>
          <Trans>Take listing photos on the spot; they upload when you are back online.</Trans>
        </Feature>
        <Feature icon={IconFileDescription} title={<Trans>Describe items</Trans>}>
          <Trans>Record condition, size and details once and reuse them for every listing.</Trans>
        </Feature>
        <Feature icon={IconPrinter} title={<Trans>Print labels</Trans>}>
          <Trans>Print barcode labels so every item on the shelf can be found again.</Trans>
        </Feature>
        <Feature icon={IconShoppingBag} title={<Trans>List on eBay</Trans>}>
          <Trans>Connect your eBay account and publish listings straight from your inventory.</Trans>
        </Feature>
      </SimpleGrid>
      <Group gap="xs" mt="lg" c="dimmed">
        <IconWifiOff size={18} aria-hidden="true" />
        <Text fz="sm">
          <Trans>
            Offline-first: scans, photos and edits are saved on the device and sync when you reconnect.
          </Trans>
        </Text>
      </Group>
    </Container>
  );
}

function ClosingCall() {
  return (
    <Container size="lg" pb={32} component="section" aria-labelledby="join-title">
      <Card
        padding="xl"
        bg="light-dark(var(--mantine-primary-color-0), var(--mantine-color-dark-6))"
        withBorder={false}
      >
        <Stack gap="md" align="flex-start">
          <Title order={2} id="join-title">
            <Trans>Join 6,000+ forward-thinking companies</Trans>
          </Title>
          <Text maw={640}>
            <Trans>
              Create an account, add your first property and upload its statements. We will tell you what
              needs to be filed and what it costs before you pay anything.
            </Trans>
          </Text>
          <CallsToAction size="lg" />
          <Text fz="sm">
            <Trans>
              Questions first? Read the{" "}
              <Anchor component={Link} to="/faq">
                FAQ
              </Anchor>{" "}
              or see{" "}
              <Anchor component={Link} to="/pricing">
                how pricing works
              </Anchor>
              .
            </Trans>
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}

export function LandingPage() {
  const { t } = useLingui();
  usePageTitle(t`NYC RPIE filing done for you`);
  return (
    <>
      <Hero />
      <HowItWorks />
      <WhatWeFile />
      <Penalties />
      <ResellerTools />
      <ClosingCall />
    </>
  );
}
