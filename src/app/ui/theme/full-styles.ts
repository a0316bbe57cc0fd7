/** Every Mantine style (layered; duplicates of critical-styles.ts are harmless). Loaded lazily. */
import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
