import { t } from "@lingui/core/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  correctLine,
  type ExtractedLine,
  type MappingDocument,
} from "../../../domain/statement-mapping/mapping";
import {
  type Reconciliation as DomainReconciliation,
  reconcile,
} from "../../../domain/statement-mapping/reconcile";
import {
  type FailedTotal,
  failedStatementTotals,
  statementTotalsBeside,
  type TotalsRow,
} from "../../../domain/statement-mapping/statement-totals";
import { HttpError } from "../../lib/http";
import { toast } from "../../ui/toast";
import { useAuth } from "../auth/auth-context";
import {
  type MappingForm,
  type MappingRecord,
  type MappingView,
  mappingApi,
  mappingKeys,
  mappingQueries,
  type Person,
  type ReconciliationFlag,
  type StaleConflict,
} from "./api";

export type SaveStatus = "idle" | "dirty" | "saving" | "saved" | "error";

export interface HeldConflict {
  message: string;
  heldBy: Person | null;
  heldAt: string | null;
}

/** The extraction's lines as the domain functions take them (the originals, never the corrections). */
function rawLines(view: MappingView | undefined): ExtractedLine[] {
  return (view?.extraction.lines ?? []).map((l) => ({
    page: l.page,
    section: l.section,
    label: l.originalLabel,
    amounts: l.amounts,
    isTotal: l.isTotal,
    parts: l.parts,
  }));
}

/**
 * Releases scheduled when a mapping page unmounts; the next page of the same mapping (preview
 * → mapping) cancels it, so moving between them keeps the hold instead of racing release and hold.
 */
const pendingRelease = new Map<string, ReturnType<typeof setTimeout>>();
const RELEASE_DELAY_MS = 1000;

const isHeldConflict = (e: unknown): e is HttpError =>
  e instanceof HttpError && e.status === 409 && !!e.data && typeof e.data === "object" && "heldBy" in e.data;
const isStale = (e: unknown): e is HttpError =>
  e instanceof HttpError && e.status === 409 && !!e.data && typeof e.data === "object" && "current" in e.data;

/**
 * A mapping being edited: the server's view, the staff's unsaved document beside it, the
 * reconciliation recomputed locally on every change (the server's answer on save is the
 * authority), the hold, versioned saves with the 409 conflicts, and "ready".
 * `onFilingMoved` runs when "ready" moved the property's filing on: the filing feature,
 * which builds on this one, refreshes what shows filings (the route passes it in).
 */
export function useMappingEditor(fileId: string, { onFilingMoved }: { onFilingMoved?: () => void } = {}) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const view = useQuery({ ...mappingQueries.view(fileId), retry: false });
  const [draft, setDraft] = useState<MappingDocument | null>(null);
  /** The version the unsaved draft was started from: a save names it, so a newer one on the server answers 409. */
  const [base, setBase] = useState<number | null>(null);
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [conflict, setConflict] = useState<StaleConflict | null>(null);
  const [held, setHeld] = useState<HeldConflict | null>(null);
  const [serverFlags, setServerFlags] = useState<ReconciliationFlag[] | null>(null);

  const record = view.data?.record;
  const doc = draft ?? record?.document ?? null;
  const lines = useMemo(() => rawLines(view.data), [view.data]);
  const readOnly = record?.status === "ready";
  const heldByOther = !!record?.heldBy && record.heldBy.id !== user?.id;
  const heldByMe = !!record?.heldBy && record.heldBy.id === user?.id;

  const reconciliation: DomainReconciliation | null = useMemo(() => {
    if (!doc || !record) return null;
    try {
      return reconcile(doc, lines, record.form, record.filingYear);
    } catch {
      return null;
    }
  }, [doc, lines, record]);

  /** The statement's own arithmetic, recomputed on every change (a correction clears its section's flag). */
  const failedTotals: FailedTotal[] = useMemo(
    () => (doc ? failedStatementTotals(doc, lines) : []),
    [doc, lines],
  );
  const statementTotals: TotalsRow[] = useMemo(
    () =>
      doc && record && reconciliation
        ? statementTotalsBeside(doc, lines, record.form, reconciliation.totals)
        : [],
    [doc, lines, record, reconciliation],
  );

  const setRecord = useCallback(
    (next: MappingRecord) =>
      queryClient.setQueryData<MappingView>(mappingKeys.view(fileId), (old) =>
        old ? { ...old, record: next } : old,
      ),
    [queryClient, fileId],
  );
  const afterChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: mappingKeys.history(fileId) });
    void queryClient.invalidateQueries({ queryKey: mappingKeys.compare(fileId) });
    void queryClient.invalidateQueries({ queryKey: mappingKeys.lists });
  }, [queryClient, fileId]);

  const handleError = useCallback((e: unknown) => {
    setStatus("error");
    if (isStale(e)) {
      setConflict(e.data as StaleConflict);
      setError(e.message);
    } else if (isHeldConflict(e)) {
      const d = e.data as HeldConflict;
      setHeld({ message: e.message, heldBy: d.heldBy, heldAt: d.heldAt });
      setError(e.message);
    } else if (e instanceof HttpError && e.status === 400) {
      const p = (e.data as { problems?: { message: string }[] } | undefined)?.problems ?? [];
      setProblems(p.map((x) => x.message));
      setError(e.message);
    } else {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  const serverDoc = record?.document ?? null;
  const edit = useCallback(
    (fn: (d: MappingDocument) => MappingDocument) => {
      if (!serverDoc || !record || readOnly) return;
      setDraft((prev) => fn(prev ?? serverDoc));
      setBase((b) => b ?? record.version);
      setStatus("dirty");
      setServerFlags(null);
    },
    [serverDoc, record, readOnly],
  );
  const clearDraft = useCallback(() => {
    setDraft(null);
    setBase(null);
  }, []);

  const saveMutation = useMutation({
    mutationFn: (body: { version: number; document: MappingDocument; form?: MappingForm }) =>
      mappingApi.save(fileId, body),
    onMutate: () => {
      setStatus("saving");
      setError(null);
      setProblems([]);
    },
    onSuccess: (next) => {
      queryClient.setQueryData(mappingKeys.view(fileId), next);
      clearDraft();
      setConflict(null);
      setHeld(null);
      setStatus("saved");
      afterChange();
    },
    onError: handleError,
  });

  const save = useCallback(
    async (form?: MappingForm) => {
      if (!record || !doc) return false;
      try {
        await saveMutation.mutateAsync({ version: base ?? record.version, document: doc, form });
        return true;
      } catch {
        return false;
      }
    },
    [record, doc, base, saveMutation],
  );

  /** After a stale save: apply my document on top of the version now on the server. */
  const reapply = useCallback(async () => {
    if (!conflict?.current || !doc) return;
    try {
      await saveMutation.mutateAsync({ version: conflict.current.version, document: doc });
    } catch {
      /* shown through handleError */
    }
  }, [conflict, doc, saveMutation]);

  /** Drops my unsaved changes and loads the record as it is now. */
  const reload = useCallback(async () => {
    clearDraft();
    setConflict(null);
    setStatus("idle");
    setError(null);
    setProblems([]);
    await view.refetch();
  }, [view, clearDraft]);

  const holdMutation = useMutation({
    mutationFn: async (mode: "hold" | "release" | "take-over") => {
      if (mode === "release") return mappingApi.release(fileId);
      if (mode === "take-over") await mappingApi.release(fileId, true);
      return mappingApi.hold(fileId);
    },
    onSuccess: (next) => {
      setRecord(next);
      setHeld(null);
      afterChange();
    },
    onError: handleError,
  });

  // Take the hold when the mapping opens and nobody else has it; let it go on leaving.
  const autoHeld = useRef(false);
  const { mutate: holdMutate } = holdMutation;
  useEffect(() => {
    if (!record || autoHeld.current || record.status === "ready") return;
    autoHeld.current = true;
    if (!record.heldBy) holdMutate("hold");
  }, [record, holdMutate]);
  const heldRef = useRef(false);
  heldRef.current = heldByMe;
  useEffect(() => {
    const pending = pendingRelease.get(fileId);
    if (pending) clearTimeout(pending);
    pendingRelease.delete(fileId);
    return () => {
      if (!heldRef.current) return;
      pendingRelease.set(
        fileId,
        setTimeout(() => {
          pendingRelease.delete(fileId);
          void mappingApi.release(fileId).catch(() => undefined);
        }, RELEASE_DELAY_MS),
      );
    };
  }, [fileId]);

  const readyMutation = useMutation({
    mutationFn: async () => {
      let version = record?.version ?? 0;
      if (draft && record) {
        const saved = await mappingApi.save(fileId, { version: base ?? record.version, document: draft });
        queryClient.setQueryData(mappingKeys.view(fileId), saved);
        clearDraft();
        version = saved.record.version;
      }
      return mappingApi.ready(fileId, version);
    },
    onMutate: () => {
      setServerFlags(null);
      setError(null);
    },
    onSuccess: (r) => {
      queryClient.setQueryData<MappingView>(mappingKeys.view(fileId), (old) =>
        old ? { ...old, record: r.record, reconciliation: r.reconciliation } : old,
      );
      setStatus("saved");
      afterChange();
      // The property's filing waiting on this mapping moved on (or the pipeline said why not).
      if (r.filing?.moved) {
        toast.success(t`The filing moved to Ready to file`);
        onFilingMoved?.();
      } else if (r.filing?.refusal) {
        const refusal = r.filing.refusal;
        toast.error(t`The filing stayed in Mapping: ${refusal}`);
      }
    },
    onError: (e) => {
      if (e instanceof HttpError && e.status === 422) {
        setServerFlags((e.data as { flags?: ReconciliationFlag[] } | undefined)?.flags ?? []);
        setError(e.message);
      } else handleError(e);
    },
  });

  const reopenMutation = useMutation({
    mutationFn: () => mappingApi.reopen(fileId, record?.version ?? 0),
    onSuccess: async () => {
      await view.refetch();
      afterChange();
    },
    onError: handleError,
  });

  /**
   * Corrects one amount in place. With no unsaved changes it goes straight to the server (its
   * own history event, `correct_amount`); with some, it joins the draft and is saved with it.
   */
  const correctMutation = useMutation({
    mutationFn: async (c: { lineId: string; amount: number | null; note?: string }) => {
      if (!record || !doc) return null;
      if (draft) {
        edit((d) =>
          c.amount === null
            ? correctLine(d, lines, c.lineId, {
                amount: lines[Number(c.lineId)]?.amounts[d.column] ?? undefined,
              })
            : correctLine(d, lines, c.lineId, { amount: c.amount, ...(c.note ? { note: c.note } : {}) }),
        );
        return null;
      }
      return mappingApi.correctAmount(fileId, c.lineId, {
        version: record.version,
        amount: c.amount,
        ...(c.note ? { note: c.note } : {}),
      });
    },
    onMutate: () => setError(null),
    onSuccess: (next) => {
      if (!next) return;
      queryClient.setQueryData(mappingKeys.view(fileId), next);
      setStatus("saved");
      afterChange();
    },
    onError: handleError,
  });

  const templateMutation = useMutation({
    mutationFn: async (overwrite: boolean) => {
      if (draft && record) {
        const saved = await mappingApi.save(fileId, { version: base ?? record.version, document: draft });
        queryClient.setQueryData(mappingKeys.view(fileId), saved);
        clearDraft();
        return mappingApi.applyTemplate(fileId, saved.record.version, overwrite);
      }
      return mappingApi.applyTemplate(fileId, record?.version ?? 0, overwrite);
    },
    onSuccess: async () => {
      await view.refetch();
      setStatus("saved");
      afterChange();
    },
  });

  return {
    view,
    record,
    doc,
    lines,
    reconciliation,
    failedTotals,
    statementTotals,
    readOnly,
    heldByOther,
    heldByMe,
    status,
    error,
    problems,
    conflict,
    held,
    serverFlags,
    dirty: draft !== null,
    edit,
    save,
    reapply,
    reload,
    saving: saveMutation.isPending,
    hold: holdMutation,
    ready: readyMutation,
    reopen: reopenMutation,
    applyTemplate: templateMutation,
    correctAmount: correctMutation,
  };
}

export type MappingEditor = ReturnType<typeof useMappingEditor>;
