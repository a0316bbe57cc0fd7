/**
 * The Data Matrix encoder (domain/labels/datamatrix.ts, bwip-js: ~55 KB gzipped) in a chunk of
 * its own, loaded the first time a label needs it (a code too long for a barcode: to print it
 * as a Data Matrix, or to offer one as the fix) rather than with the label page. The service
 * worker precaches every chunk, so it loads offline too; when it cannot load (a page opened
 * before the service worker was installed, then offline), the page says so and can try again.
 */
import { useCallback, useRef, useState } from "react";
import type { DataMatrixEncoder } from "../../../../domain/labels/datamatrix-limits";

/** The encoder once loaded, for every later page in this tab. */
let loaded: DataMatrixEncoder | null = null;
let loading: Promise<DataMatrixEncoder> | null = null;

function loadEncoder(): Promise<DataMatrixEncoder> {
  loading ??= import("../../../../domain/labels/datamatrix").then(
    (m) => {
      loaded = m.encodeDataMatrix;
      return m.encodeDataMatrix;
    },
    (err: unknown) => {
      loading = null; // a later try fetches again
      throw err;
    },
  );
  return loading;
}

export interface DataMatrixEncoderState {
  /** The encoder, once loaded (in this page or an earlier one). */
  encoder: DataMatrixEncoder | null;
  status: "idle" | "loading" | "ready" | "failed";
  /** Loads the encoder unless it is loaded or loading (again after a failure). */
  request: () => void;
}

/** The Data Matrix encoder and its loading state; nothing is fetched until `request()`. */
export function useDataMatrixEncoder(): DataMatrixEncoderState {
  const [encoder, setEncoder] = useState<DataMatrixEncoder | null>(loaded);
  const [status, setStatus] = useState<DataMatrixEncoderState["status"]>(loaded ? "ready" : "idle");
  const busy = useRef(false);
  const request = useCallback(() => {
    const ready = loaded;
    if (ready) {
      setEncoder(() => ready);
      setStatus("ready");
      return;
    }
    if (busy.current) return;
    busy.current = true;
    setStatus("loading");
    loadEncoder()
      .then(
        (enc) => {
          setEncoder(() => enc);
          setStatus("ready");
        },
        () => setStatus("failed"),
      )
      .finally(() => {
        busy.current = false;
      });
  }, []);
  return { encoder, status, request };
}
