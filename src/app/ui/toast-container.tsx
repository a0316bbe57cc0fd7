import "./theme/full-styles";
import { Notifications, type NotificationsProps } from "@mantine/notifications";
import classes from "./toast.module.css";

/**
 * Mantine's notifications container as its own chunk (App renders it lazily). Top toasts sit
 * below the 64 px top bar so they never cover the account menu or the language switcher.
 */
export default function ToastContainer(props: NotificationsProps) {
  return <Notifications {...props} classNames={{ root: classes.root }} />;
}
