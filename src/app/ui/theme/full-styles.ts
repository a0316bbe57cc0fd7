/**
 * Every Mantine style (layered; duplicates of critical-styles.ts are harmless). Imported by
 * each lazily loaded module that renders components outside critical-styles.ts, so the
 * stylesheet comes with that module's chunk, and fetched by main.tsx after the first render.
 */
import "@mantine/core/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
