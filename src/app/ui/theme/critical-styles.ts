/**
 * Mantine styles the landing page needs for its first paint: the base styles and the
 * components of the root shell (splash screen), the public layout (header, footer, language
 * button, mobile burger) and the landing page, in Mantine's documented order and in the
 * `mantine` cascade layer so the app's own CSS wins whatever the load order.
 *
 * Everything else is in full-styles.ts: every lazily loaded module that renders other Mantine
 * components (auth and dashboard layouts, forms, menus, drawers, toasts, the deferred shell)
 * imports it, so its stylesheet arrives with that chunk, before the component renders; main.tsx
 * also fetches it right after the first render. full-styles holds every rule in Mantine's order
 * and is the last Mantine stylesheet to arrive, so duplicates of the rules below are harmless.
 */
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Flex.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Badge.layer.css";
import "@mantine/core/styles/Burger.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/Grid.layer.css";
import "@mantine/core/styles/Image.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/ThemeIcon.layer.css";
import "@mantine/core/styles/Title.layer.css";
