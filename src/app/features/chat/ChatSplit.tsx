import { Grid } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The chat pages' two panes: the thread list beside the open thread, or on a phone the list and
 * then, once a thread is open, the thread alone (its back button returns to the list).
 */
export function ChatSplit({
  list,
  thread,
  threadOpen,
  phone,
}: {
  list: ReactNode;
  thread: ReactNode;
  threadOpen: boolean;
  phone: boolean | undefined;
}) {
  if (phone) return threadOpen ? thread : list;
  return (
    <Grid>
      <Grid.Col span={4}>{list}</Grid.Col>
      <Grid.Col span={8}>{thread}</Grid.Col>
    </Grid>
  );
}
