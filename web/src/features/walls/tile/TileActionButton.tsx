import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TileActionButtonProps {
  /** The tooltip; also the accessible name unless `label` is given. */
  tooltip: string;
  label?: string;
  icon: ReactNode;
  onClick: () => void;
  /** aria-pressed: a toggle's state (left out for a plain action). */
  pressed?: boolean;
  /** Drawn filled in blue (a toggle that is on, the action that matters now). */
  highlight?: boolean;
  /** The icon's colour when not highlighted. */
  color?: string;
  loading?: boolean;
  testId?: string;
}

/** A small icon button with a tooltip on a wall tile's bar (the wall page's tiles and the editor's). */
export function TileActionButton({
  tooltip,
  label = tooltip,
  icon,
  onClick,
  pressed,
  highlight = false,
  color = 'gray.0',
  loading,
  testId,
}: TileActionButtonProps) {
  return (
    <Tooltip label={tooltip} withinPortal>
      <ActionIcon
        size="sm"
        variant={highlight ? 'filled' : 'subtle'}
        color={highlight ? 'blue' : color}
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
        loading={loading}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
