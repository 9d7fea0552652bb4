import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface EventStepperProps {
  /** Position of the shown result in the list of `count`. */
  index: number;
  count: number;
  onFocus: (index: number) => void;
  children: ReactNode;
}

/**
 * The shown result between previous and next buttons; the left and right arrow keys do the same. Previous exists only
 * when not the first, next only when not the last (spec 03 §4). Keys are handled on the document so a page's player
 * shortcuts (on window) skip them.
 */
export function EventStepper({ index, count, onFocus, children }: EventStepperProps) {
  const { t } = useTranslation('motionSearch');
  const latest = useRef({ index, count, onFocus });
  latest.current = { index, count, onFocus };
  useEffect(() => {
    const onKeyDown = (keyEvent: KeyboardEvent) => {
      if (keyEvent.ctrlKey || keyEvent.altKey || keyEvent.metaKey) return;
      const { index: current, count: total, onFocus: focus } = latest.current;
      if (keyEvent.key === 'ArrowLeft' && current > 0) focus(current - 1);
      else if (keyEvent.key === 'ArrowRight' && current < total - 1) focus(current + 1);
      else return;
      keyEvent.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const step = (label: string, to: number, disabled: boolean, icon: ReactNode) => (
    <ActionIcon variant="default" size="lg" aria-label={label} disabled={disabled} onClick={() => onFocus(to)}>
      {icon}
    </ActionIcon>
  );
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {step(t('previous'), index - 1, index <= 0, <IconChevronLeft size={18} aria-hidden />)}
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      {step(t('next'), index + 1, index >= count - 1, <IconChevronRight size={18} aria-hidden />)}
    </Group>
  );
}
