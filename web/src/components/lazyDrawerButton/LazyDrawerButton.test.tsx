import { Drawer } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LazyDrawerButton, type LazyDrawerControl } from './LazyDrawerButton';

/** A drawer chunk that arrives when the test says, counting its mounts. */
function fakeChunk() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const mounts = { count: 0 };
  function TestDrawer({ opened, onClose }: LazyDrawerControl) {
    const [mountedOnce] = useState(() => ++mounts.count);
    return (
      <Drawer opened={opened} onClose={onClose} title="Things">
        <p>Loaded drawer {mountedOnce}</p>
      </Drawer>
    );
  }
  const load = vi.fn(() => arrived.then(() => ({ default: TestDrawer })));
  return { load, arrive, mounts, LazyDrawer: lazy(load) };
}

describe('LazyDrawerButton', () => {
  it('prefetches on pointer-enter and focus, shows a loading drawer, then keeps the drawer mounted', async () => {
    const chunk = fakeChunk();
    const onOpen = vi.fn();
    const prefetch = vi.fn(() => undefined);
    const { user } = renderWithProviders(
      <LazyDrawerButton
        label="Things"
        icon={null}
        prefetch={prefetch}
        onOpen={onOpen}
        loadingLabel="Loading things"
        renderDrawer={(drawer) => <chunk.LazyDrawer {...drawer} />}
      />,
    );
    const button = screen.getByRole('button', { name: 'Things' });
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(chunk.load).not.toHaveBeenCalled();

    await user.click(button);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('dialog', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading things')).toBeInTheDocument();
    chunk.arrive();
    expect(await screen.findByText('Loaded drawer 1')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Loaded drawer 1')).not.toBeInTheDocument());
    await user.click(button);
    expect(await screen.findByText('Loaded drawer 1')).toBeInTheDocument();
    expect(chunk.mounts.count).toBe(1);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('with a blocker: disabled with it as tooltip, no prefetch, nothing opens', async () => {
    const chunk = fakeChunk();
    const prefetch = vi.fn(() => undefined);
    const { user } = renderWithProviders(
      <LazyDrawerButton
        label="Things"
        icon={null}
        prefetch={prefetch}
        blocker="Insufficient permissions"
        renderDrawer={(drawer) => <chunk.LazyDrawer {...drawer} />}
      />,
    );
    const button = screen.getByRole('button', { name: 'Things' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.hover(button);
    expect(await screen.findByText('Insufficient permissions')).toBeInTheDocument();
    await user.click(button);
    expect(prefetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
