import { useEffect, useRef, useState } from "react";
import { ARTICLE_IMAGE_PATH } from "../../../domain/articles/article";
import { ArticleBody } from "./ArticleBody";
import { staffImageBlob } from "./articles-api";

/**
 * An article body as staff see it: the server serves an uploaded image to an <img> only once a
 * published article shows it, so a draft's images are fetched with the staff's token instead and
 * shown from memory.
 */
export function StaffArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || !html) return;
    const abort = new AbortController();
    const urls: string[] = [];
    for (const img of root.querySelectorAll<HTMLImageElement>(`img[src^="${ARTICLE_IMAGE_PATH}/"]`)) {
      const src = img.getAttribute("src") ?? "";
      staffImageBlob(src, abort.signal)
        .then((blob) => {
          const url = URL.createObjectURL(blob);
          urls.push(url);
          img.src = url;
        })
        .catch(() => {});
    }
    return () => {
      abort.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [html]);
  return (
    <div ref={ref}>
      <ArticleBody html={html} />
    </div>
  );
}

/** The src for an image staff see: uploaded ones from memory (see StaffArticleBody), others as is. */
export function useStaffImage(src: string | null): string | null {
  const [url, setUrl] = useState(src);
  useEffect(() => {
    if (!src?.startsWith(`${ARTICLE_IMAGE_PATH}/`)) {
      setUrl(src);
      return;
    }
    const abort = new AbortController();
    let objectUrl: string | null = null;
    setUrl(null);
    staffImageBlob(src, abort.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {});
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url;
}
