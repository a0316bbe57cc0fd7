/**
 * Mantine styles the first screen needs (landing, auth pages, the shell's frame), in the
 * `mantine` cascade layer so the app's own CSS wins whatever the load order. Everything
 * else comes with full-styles.ts, loaded right after the first render (see main.tsx).
 */
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Flex.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Grid.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Image.layer.css";
import "@mantine/core/styles/Divider.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/ActionIcon.layer.css";
import "@mantine/core/styles/Burger.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Tooltip.layer.css";
import "@mantine/core/styles/Menu.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/PasswordInput.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/notifications/styles.layer.css";
