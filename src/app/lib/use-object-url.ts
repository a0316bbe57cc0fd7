import { useEffect, useState } from "react";

/** An object URL for bytes or a Blob, revoked when they change or the component goes away. */
export function useObjectUrl(data: ArrayBuffer | Blob | null | undefined, type?: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || (data instanceof ArrayBuffer ? data.byteLength === 0 : data.size === 0)) {
      setUrl(null);
      return;
    }
    const blob = data instanceof Blob ? data : new Blob([data], { type });
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [data, type]);
  return url;
}
