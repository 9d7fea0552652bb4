import { ActionIcon } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { HintTooltip } from './HintTooltip';

function renderButton(props: { focus?: boolean; onPointerEnter?: () => void } = {}) {
  return renderWithProviders(
    <HintTooltip label="Take a screenshot" events={{ hover: true, focus: props.focus ?? false, touch: false }}>
      <ActionIcon aria-label="Screenshot" onPointerEnter={props.onPointerEnter}>
        S
      </ActionIcon>
    </HintTooltip>,
  );
}

describe('HintTooltip', () => {
  it('makes no tooltip until the pointer enters, then shows it while the pointer stays', async () => {
    const onPointerEnter = vi.fn();
    const { user } = renderButton({ onPointerEnter });
    expect(screen.queryByText('Take a screenshot')).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: 'Screenshot' }));
    expect(await screen.findByText('Take a screenshot')).toBeInTheDocument();
    expect(onPointerEnter).toHaveBeenCalledTimes(1); // the child's own handler still runs
    await user.unhover(screen.getByRole('button', { name: 'Screenshot' }));
    await waitFor(() => expect(screen.queryByText('Take a screenshot')).not.toBeInTheDocument());
  });

  it('opens on focus when asked to, and the focused child is not re-created', async () => {
    const { user } = renderButton({ focus: true });
    const button = screen.getByRole('button', { name: 'Screenshot' });
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByText('Take a screenshot')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Screenshot' })).toBe(button);
    expect(button).toHaveFocus();
    await user.tab();
    await waitFor(() => expect(screen.queryByText('Take a screenshot')).not.toBeInTheDocument());
  });

  it('shows nothing on focus by default (Mantine tooltips open on hover only)', async () => {
    const { user } = renderButton();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Screenshot' })).toHaveFocus();
    expect(screen.queryByText('Take a screenshot')).not.toBeInTheDocument();
  });
});
