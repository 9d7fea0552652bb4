import { ActionIcon, type MantineSize, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TileActionButtonProps {
  /** The tooltip; also the accessible name unless `label` is given. */
  tooltip: string;
  label?: string;
  icon: ReactNode;
  /** Not called while `disabledReason` is set. */
  onClick?: () => void;
  /** aria-pressed: a toggle's state (left out for a plain action). */
  pressed?: boolean;
  /** Drawn filled in blue (a toggle that is on, the action that matters now). */
  highlight?: boolean;
  /** The icon's colour when not highlighted. */
  color?: string;
  loading?: boolean;
  /**
   * Why the action is not available: drawn disabled, yet focusable and with this as its tooltip (on hover and on
   * focus), where a disabled button would show no tooltip at all.
   */
  disabledReason?: string;
  size?: MantineSize;
  testId?: string;
}

/**
 * A small icon button with a tooltip on a wall tile's bar (the wall page's tiles and the editor's) or under a wall of
 * tiles (the camera page's multi-imager view).
 */
export function TileActionButton({
  tooltip,
  label = tooltip,
  icon,
  onClick,
  pressed,
  highlight = false,
  color = 'gray.0',
  loading,
  disabledReason,
  size = 'sm',
  testId,
}: TileActionButtonProps) {
  const disabled = disabledReason !== undefined;
  return (
    <Tooltip label={disabledReason ?? tooltip} events={{ hover: true, focus: disabled, touch: false }} withinPortal>
      <ActionIcon
        size={size}
        variant={highlight ? 'filled' : 'subtle'}
        color={highlight ? 'blue' : color}
        aria-label={label}
        aria-pressed={pressed}
        aria-disabled={disabled || undefined}
        data-disabled={disabled || undefined}
        data-testid={testId}
        loading={loading}
        onClick={disabled ? undefined : onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
