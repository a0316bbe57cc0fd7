/**
 * Chat's share of the page's live channel: calls `onEvent` with every `chat` event (a thread the
 * user may see changed) and `onReopen` each time the stream reopens (events may have been missed).
 */
import { useEffect, useRef } from "react";
import type { ChatEventData } from "../../../domain/chat/types";
import { liveEvents } from "../../lib/live-events";

export function useChatLive(onEvent: (event: ChatEventData) => void, onReopen: () => void) {
  const handlers = useRef({ onEvent, onReopen });
  handlers.current = { onEvent, onReopen };
  useEffect(() => {
    const live = liveEvents();
    if (!live) return;
    const leave = [
      live.subscribe("chat", (data) => {
        try {
          handlers.current.onEvent(JSON.parse(data) as ChatEventData);
        } catch {
          // a malformed event changes nothing
        }
      }),
      live.onOpen(() => handlers.current.onReopen()),
    ];
    return () => {
      for (const off of leave) off();
    };
  }, []);
}
