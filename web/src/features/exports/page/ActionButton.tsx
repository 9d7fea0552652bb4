import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface ActionButtonProps {
  label: string;
  icon: ReactNode;
  color?: string;
  onClick?: () => void;
  /** A link inside the portal. */
  to?: string;
  /** A file to download. */
  href?: string;
  loading?: boolean;
}

/** An icon button of a job's actions: its label is its tooltip and its accessible name. */
export function ActionButton({ label, icon, color, onClick, to, href, loading }: ActionButtonProps) {
  const common = { variant: 'subtle', color: color ?? 'gray', size: 'md', 'aria-label': label } as const;
  let button: ReactNode;
  if (to !== undefined) {
    button = (
      <ActionIcon component={Link} to={to} {...common}>
        {icon}
      </ActionIcon>
    );
  } else if (href !== undefined) {
    button = (
      <ActionIcon component="a" href={href} download {...common}>
        {icon}
      </ActionIcon>
    );
  } else {
    button = (
      <ActionIcon onClick={onClick} loading={loading} {...common}>
        {icon}
      </ActionIcon>
    );
  }
  return (
    <Tooltip label={label} withinPortal openDelay={300}>
      {button}
    </Tooltip>
  );
}
