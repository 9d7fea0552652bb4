import { Tooltip, type TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, type FocusEvent, type PointerEvent, type ReactElement, type Ref, useState } from 'react';

interface ChildProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export type HintTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened'> & {
  children: ReactElement<ChildProps>;
};

/**
 * A hover (and, with `events.focus`, focus) tooltip made when first wanted. Mantine's `Tooltip` sets up its floating
 * element as it mounts; the viewer's controls and timeline have one per button, and making them all with the viewer
 * cost a camera switch ~35 ms of render and forced layouts (docs/design/live.md). Here the child renders alone until
 * the pointer enters it (or it gets focus), then the tooltip is made beside it, pointed at the child (`target`), and
 * opened while the pointer (or focus) stays; the child itself is never re-created, so it keeps its focus.
 */
export function HintTooltip({ children, events, ...tooltip }: HintTooltipProps) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [made, setMade] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { ref, onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  const mergedRef = useMergedRef(ref, setNode);
  const showOnHover = events?.hover ?? true;
  const showOnFocus = events?.focus ?? false;
  const want = (on: boolean, set: (value: boolean) => void) => {
    set(on);
    if (on) setMade(true);
  };

  const child = cloneElement(children, {
    ref: mergedRef,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      onPointerEnter?.(event);
      if (showOnHover && event.pointerType !== 'touch') want(true, setHovered);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      onPointerLeave?.(event);
      setHovered(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      onFocus?.(event);
      if (showOnFocus) want(true, setFocused);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      onBlur?.(event);
      setFocused(false);
    },
  });
  return (
    <>
      {child}
      {made && node && <Tooltip {...tooltip} target={node} opened={hovered || focused} />}
    </>
  );
}
