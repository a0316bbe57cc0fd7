/** Mantine's notifications container as its own chunk: App renders it lazily (see App.tsx). */
export { Notifications as default } from "@mantine/notifications";
