import { useMergedRef } from "@mantine/hooks";
import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

type TriggerProps = { ref?: Ref<HTMLElement> };

/**
 * A menu's or popover's trigger alone until the user reaches for it; then `children` renders the
 * Menu or Popover around it. Mounted with the page, each Mantine Popover renders itself again
 * synchronously in the commit that shows it (floating-ui's reference and Mantine's target node are
 * set from ref callbacks, its closed dropdown's Portal from a mount effect): the top bar's three
 * menus made one long task of the frame's first load on a phone (docs/benchmarks.md, issue 19).
 *
 * The pointer arriving on the trigger or focus reaching it mounts the menu at once (before a
 * button press can land on the element being replaced), and focus moves to the new trigger. A
 * click on the trigger before either (a screen reader's click, a script's) opens it as it mounts:
 * `children` gets `openOnMount` for a Menu's `defaultOpened`; a controlled Popover opens from its
 * own click handler as before.
 */
export function OnFirstUse({
  trigger,
  popup,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  /** Added to the lone trigger as `aria-haspopup` (with `aria-expanded={false}`) when set. */
  popup?: "menu" | "dialog";
  children: (target: ReactElement, openOnMount: boolean) => ReactNode;
}) {
  const [used, setUsed] = useState<{ open: boolean } | null>(null);
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    const el = node.current;
    if (used || !el) return;
    const use = (open: boolean) => flushSync(() => setUsed((u) => u ?? { open }));
    const onPointerEnter = () => use(false);
    const onFocusIn = () => {
      refocus.current = true;
      use(false);
    };
    // not flushed: the trigger's own click handler still runs on it, in the same update
    const onClick = () => setUsed((u) => u ?? { open: true });
    el.addEventListener("pointerenter", onPointerEnter);
    el.addEventListener("focusin", onFocusIn);
    el.addEventListener("click", onClick);
    return () => {
      el.removeEventListener("pointerenter", onPointerEnter);
      el.removeEventListener("focusin", onFocusIn);
      el.removeEventListener("click", onClick);
    };
  }, [used]);

  // stable, so the merged ref is not detached and attached again on every render
  const refocusOnMount = useCallback((el: HTMLElement | null) => {
    if (!el || !refocus.current) return;
    refocus.current = false;
    (el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE))?.focus({ preventScroll: true });
  }, []);
  const ref = useMergedRef(trigger.props.ref ?? null, node, refocusOnMount);

  if (used) return children(cloneElement(trigger, { ref }), used.open);
  return cloneElement(trigger, {
    ref,
    ...(popup ? { "aria-haspopup": popup, "aria-expanded": false } : {}),
  } as TriggerProps);
}
