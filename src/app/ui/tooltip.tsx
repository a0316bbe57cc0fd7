/**
 * The app's tooltip: Mantine's one openDelay/closeDelay set from the pointer the user is
 * using (spec section 9), so a finger gets 700 ms to open and 1500 ms before closing.
 *
 * Its machinery (Mantine's Tooltip: floating-ui's hooks, whose layout effects render every
 * tooltip again in the commit that mounts it) is mounted on the first pointer or focus on its
 * element, not with the page: a list of rows with two tooltips each spent most of its commit there
 * on a phone (docs/benchmarks.md, issue 19). The element itself stays the same node (the tooltip
 * is attached to it as its target), so a tap or a focus that arms it is not lost.
 */
import { Tooltip, type TooltipProps } from "@mantine/core";
import { useId, useMergedRef } from "@mantine/hooks";
import {
  cloneElement,
  type FocusEvent,
  isValidElement,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useRef,
  useState,
} from "react";
import { useTooltipDelays } from "./tooltip-delays";

type ChildProps = {
  ref?: Ref<HTMLElement>;
  className?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  "aria-label"?: string;
  "aria-describedby"?: string;
};

/** Mantine's Tooltip with the spec's delays for mouse and touch (explicit props still win). */
export function AppTooltip({ children, ...all }: TooltipProps & { ref?: Ref<HTMLElement> }) {
  // What a wrapper (Menu.Target, Popover.Target) gives the tooltip goes where Mantine's Tooltip puts
  // it: its ref, class and pointer and click handlers to the element, the rest to the tooltip.
  const { props, forwarded } = splitProps(all);
  const delays = useTooltipDelays();
  const [armed, setArmed] = useState(false);
  // Keyboard focus opens it (Mantine's own focus handling needs the element's props, which a
  // target does not get); a pointer's focus does not, as with Mantine's `visibleOnly`.
  const [focused, setFocused] = useState(false);
  const target = useRef<HTMLElement>(null);
  const child = isValidElement<ChildProps>(children) ? (children as ReactElement<ChildProps>) : null;
  const ref = useMergedRef(target, child?.props.ref ?? null, forwarded.ref ?? null);
  const describedBy = useId();
  if (!child)
    return (
      <Tooltip {...delays} {...(all as TooltipProps)}>
        {children}
      </Tooltip>
    );

  const { label, disabled, opened } = props;
  // While it shows for the keyboard, screen readers get the label as the element's description
  // (as Mantine's does while open), unless it already is its name.
  const describing =
    focused && !disabled && typeof label === "string" && label !== "" && label !== child.props["aria-label"];
  const own = child.props;
  const { ref: _, onPointerEnter, className, ...rest } = forwarded;
  return (
    <>
      {cloneElement(child, {
        // the element's own props win, as in Mantine's Tooltip
        ...Object.fromEntries(
          Object.entries(rest).filter(([k]) => (own as Record<string, unknown>)[k] === undefined),
        ),
        ref,
        className: [className, own.className].filter(Boolean).join(" ") || undefined,
        onPointerEnter: (e: PointerEvent<HTMLElement>) => {
          onPointerEnter?.(e);
          own.onPointerEnter?.(e);
          setArmed(true);
        },
        onFocus: (e: FocusEvent<HTMLElement>) => {
          own.onFocus?.(e);
          setArmed(true);
          if (e.currentTarget.matches(":focus-visible")) setFocused(true);
        },
        onBlur: (e: FocusEvent<HTMLElement>) => {
          own.onBlur?.(e);
          setFocused(false);
        },
        ...(describing
          ? { "aria-describedby": [own["aria-describedby"], describedBy].filter(Boolean).join(" ") }
          : {}),
      })}
      {describing && (
        <span id={describedBy} hidden>
          {label}
        </span>
      )}
      {armed && (
        <Tooltip
          {...delays}
          {...props}
          target={target}
          opened={opened ?? (focused && !disabled ? true : undefined)}
        />
      )}
    </>
  );
}

type Forwarded = {
  ref?: Ref<HTMLElement>;
  className?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  [handlerOrAria: string]: unknown;
};

/** Handlers Mantine's Tooltip passes on to its element. */
const FORWARDED = new Set([
  "ref",
  "className",
  "onClick",
  "onMouseEnter",
  "onMouseLeave",
  "onMouseMove",
  "onPointerDown",
  "onPointerEnter",
  "id",
]);

function splitProps(all: TooltipProps & { ref?: Ref<HTMLElement> }): {
  props: TooltipProps;
  forwarded: Forwarded;
} {
  const props: Record<string, unknown> = {};
  const forwarded: Forwarded = {};
  for (const [key, value] of Object.entries(all)) {
    if (FORWARDED.has(key)) forwarded[key] = value;
    else props[key] = value;
  }
  return { props: props as unknown as TooltipProps, forwarded };
}
