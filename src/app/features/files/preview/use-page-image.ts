import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { filePreviewQueries } from "./file-preview-api";

/**
 * A page image as an object URL. The image needs the bearer token, so it is fetched as a
 * blob through the app's HTTP client; the URL is revoked when the page changes or the
 * component unmounts. The next page is fetched ahead.
 */
export function usePageImage(fileId: string, page: number, pageCount: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...filePreviewQueries.page(fileId, page),
    enabled,
    gcTime: 5 * 60_000,
  });
  const blob = query.data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);

  useEffect(() => {
    if (!enabled || !query.isSuccess || page >= pageCount) return;
    void queryClient.prefetchQuery(filePreviewQueries.page(fileId, page + 1));
  }, [enabled, query.isSuccess, page, pageCount, fileId, queryClient]);

  return { url: blob ? url : null, isPending: query.isPending && enabled, error: query.error };
}
