import { Modal, type ModalProps } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * Mantine's Modal, mounted on its first opening instead of with the page. A closed Mantine modal
 * still mounts its Portal, whose mount effect renders it again synchronously in the commit that
 * showed the page, and its focus and scroll-lock effects: the inventory dashboard's import dialog
 * and the top bar's sign-out confirmation cost every first load a synchronous re-render
 * (docs/benchmarks.md, issue 19).
 *
 * On the first opening it mounts closed and opens in the next render, so Mantine still sees the
 * closed → open change: the opening transition plays, and focus returns to the button that
 * opened it when it closes. After that it stays mounted, as a Modal always was.
 */
export function AppModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(opened);
  const [ready, setReady] = useState(false);
  if (opened && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  if (!mounted) return null;
  return <Modal {...props} opened={opened && ready} />;
}
