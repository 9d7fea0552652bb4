import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import {
  eventsServer,
  frontDoor,
  grantRefused,
  makeIntegration,
  makeMapping,
  NOW_MS,
  quickGrantServer,
  serverRoom,
} from '../test/accessFixtures';
import { renderDrawer } from '../test/renderDrawer';

describe('access-control drawer: door controls', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it("has the tabs 'Activity log' and 'Controls' when commands may be issued, a row per such door", async () => {
    eventsServer(() => []);
    const gate = makeMapping('door-gate', 'Gate', { integration_id: 2 });
    const { user } = renderDrawer({
      integrations: [makeIntegration(), makeIntegration({ id: 2, canIssueCommands: false })],
      mappings: [frontDoor, serverRoom, gate],
    });
    const activity = screen.getByRole('tab', { name: 'Activity log' });
    expect(activity).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('commands-unavailable')).not.toBeInTheDocument();

    // Keyboard: the arrow keys move between the tabs.
    await user.click(activity);
    await user.keyboard('{ArrowRight}');
    const controls = screen.getByRole('tab', { name: 'Controls' });
    expect(controls).toHaveAttribute('aria-selected', 'true');
    const doors = within(screen.getByRole('list', { name: 'Doors' })).getAllByTestId('door-control');
    expect(doors.map((door) => door.textContent)).toEqual(['Front entranceUnlock', 'Server roomUnlock']);
    expect(screen.getByRole('button', { name: 'Unlock Front entrance' })).toBeEnabled();
  });

  it('shows only the activity log and a note when no integration of the doors may issue commands', async () => {
    eventsServer(() => []);
    renderDrawer({ integrations: [makeIntegration({ canIssueCommands: false })] });
    expect(await screen.findByTestId('no-events')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Unlock/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('commands-unavailable')).toHaveTextContent(
      'Commands cannot be issued to these doors: their access-control integration does not allow it.',
    );
  });

  it("unlocks a door: busy while the grant is on its way, then 'Access granted'", async () => {
    eventsServer(() => []);
    const unlocked = quickGrantServer({ delayMs: 200 });
    const { user } = renderDrawer({ mappings: [frontDoor, serverRoom] });
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    const button = screen.getByRole('button', { name: 'Unlock Server room' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Unlock Front entrance' })).toBeEnabled();
    expect(await screen.findByText('Access granted')).toBeInTheDocument();
    expect(unlocked).toEqual(['door-server']);
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("says 'Access could not be granted' when the partner refuses", async () => {
    eventsServer(() => []);
    const unlocked = quickGrantServer({ failure: grantRefused });
    const { user } = renderDrawer();
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    await user.click(screen.getByRole('button', { name: 'Unlock Front entrance' }));
    expect(await screen.findByText('Access could not be granted')).toBeInTheDocument();
    expect(screen.queryByText('Access granted')).not.toBeInTheDocument();
    expect(unlocked).toEqual(['door-front']);
  });

  it('disables unlocking, with a note, without the write right on the camera', async () => {
    eventsServer(() => []);
    const camera = makeCamera(2, { permissions: { write: false, export: true, historical: true, live: true } });
    const { user } = renderDrawer({ camera });
    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    expect(screen.getByRole('button', { name: 'Unlock Front entrance' })).toBeDisabled();
    expect(screen.getByTestId('unlock-needs-write')).toHaveTextContent(
      'Unlocking a door needs the write right on this camera.',
    );
  });
});
