import { Anchor, Text } from "@mantine/core";
import { linkify } from "../../../domain/chat/types";

/** A message's plain text with its http(s) links clickable; never rendered as HTML. */
export function MessageText({ body }: { body: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {linkify(body).map((part, i) =>
        part.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit>
            {part.text}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
