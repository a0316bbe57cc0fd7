import { useDebouncedCallback } from "@mantine/hooks";
import { useEffect, useState } from "react";

/**
 * A list's search box whose text lives in the URL: the box shows what is typed at once, the URL
 * (and so the query) follows after `delay` ms, and when the URL changes by itself (back/forward,
 * a link) the box follows it. A trailing space being typed is kept.
 */
export function useSearchBox(
  query: string | undefined,
  onQuery: (query: string | undefined) => void,
  delay = 300,
) {
  const [typed, setTyped] = useState(query ?? "");
  useEffect(() => setTyped((prev) => (prev.trim() === (query ?? "") ? prev : (query ?? ""))), [query]);
  const later = useDebouncedCallback((q: string) => onQuery(q.trim() || undefined), delay);
  const type = (value: string) => {
    setTyped(value);
    later(value);
  };
  return { typed, type };
}
