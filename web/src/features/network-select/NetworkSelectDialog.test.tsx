import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInState } from '../../test/state';
import { NetworkSelectDialog } from './NetworkSelectDialog';

describe('NetworkSelectDialog', () => {
  it('lists networks sorted by name, filters case-insensitively and links to their cameras', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<NetworkSelectDialog opened onClose={onClose} />, {
      route: '/n/5/cameras',
      preloadedState: signedInState(),
    });
    const nav = screen.getByRole('navigation', { name: 'Networks' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/n/6/cameras',
      '/n/7/cameras',
      '/n/5/cameras',
    ]);
    expect(within(nav).getByRole('link', { name: /Warehouse/ })).toHaveAttribute('href', '/n/5/cameras');

    await user.type(screen.getByLabelText('Search networks'), 'NORTH');
    expect(within(nav).getAllByRole('link')).toHaveLength(1);
    await user.click(within(nav).getByRole('link', { name: /north Depot/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/7/cameras');
  });

  it('shows the empty text when nothing matches', async () => {
    const { user } = renderWithProviders(<NetworkSelectDialog opened onClose={vi.fn()} />, {
      preloadedState: signedInState(),
    });
    await user.type(screen.getByLabelText('Search networks'), 'nothing like this');
    expect(screen.getByText('No networks match your search.')).toBeInTheDocument();
  });
});
