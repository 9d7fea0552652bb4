import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCamera } from '../../cameras/test/fixtures';
import { ada, eventsServer, makeEvent, MINUTE_MS, NOW_MS } from '../test/accessFixtures';
import { renderDrawer } from '../test/renderDrawer';

async function openEvent(message: string, camera = makeCamera(2, { name: 'Lobby' })) {
  const rendered = renderDrawer({ camera });
  const row = (await screen.findAllByTestId('access-event-row')).find((item) => item.textContent?.includes(message));
  await rendered.user.click(row!);
  const details = await screen.findByTestId('access-event-details');
  return { ...rendered, details };
}

describe('access-control drawer: event details', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS }));
  afterEach(() => vi.useRealTimers());

  it("opens the event details drawer with the card holder's card, the door, controller, cameras and time", async () => {
    eventsServer(() => [makeEvent('ev-1', NOW_MS - 5 * MINUTE_MS, { message: 'Access granted at the front' })]);
    const { user, details } = await openEvent('Access granted at the front');
    expect(screen.getByRole('dialog', { name: 'Event details' })).toContainElement(details);
    expect(details).toHaveAttribute('data-drawer', 'ACCESS_EVENT_DETAILS');

    const card = within(details).getByTestId('actor-card');
    expect(within(card).getByTestId('actor-name')).toHaveTextContent('Ada Lovelace');
    expect(within(card).getByTestId('actor-avatar')).toHaveTextContent('AL'); // no avatar: the initials
    expect(within(card).getByTestId('actor-department')).toHaveTextContent('Engineering');
    expect(card).toHaveTextContent('Employee numberE-1001');
    expect(within(card).getByText('Staff')).toBeInTheDocument();
    expect(within(card).getByText('Server room')).toBeInTheDocument();
    expect(card).toHaveTextContent('Card number40012345');
    expect(details).toHaveTextContent('EventAccess granted at the front');
    expect(details).toHaveTextContent('TimeMar 6, 2025, 11:55:00 AM');
    expect(details).toHaveTextContent('DoorFront entrance');
    expect(details).toHaveTextContent('ControllerHQ controller 1');
    expect(details).toHaveTextContent('CamerasLobby');

    await user.click(within(details).getByRole('button', { name: 'Jump to video' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/n/5/cameras/2?ts=${(NOW_MS - 5 * MINUTE_MS) / 1000}`);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('access-event-details')).not.toBeInTheDocument());
    expect(screen.getByTestId('access-control-drawer')).toBeInTheDocument();
  });

  it("shows an avatar when the card holder has one; 'System' and 'API key' for the other actors", async () => {
    eventsServer(() => [
      makeEvent('ev-1', NOW_MS - MINUTE_MS, { message: 'With avatar', actor: { ...ada, avatarUrl: '/ada.png' } }),
      makeEvent('ev-2', NOW_MS - 2 * MINUTE_MS, {
        message: 'By the system',
        actor: { type: 'SYSTEM' },
        cardNumber: null,
      }),
      makeEvent('ev-3', NOW_MS - 3 * MINUTE_MS, {
        message: 'By a key',
        actor: { type: 'API_KEY', uuid: 'k-1', name: 'Front desk app' },
        cardNumber: null,
      }),
    ]);
    const first = await openEvent('With avatar');
    expect(within(first.details).getByTestId('actor-avatar').querySelector('img')).toHaveAttribute('src', '/ada.png');
    first.unmount();

    const system = await openEvent('By the system');
    const systemCard = within(system.details).getByTestId('actor-card');
    expect(within(systemCard).getByTestId('actor-name')).toHaveTextContent(/^System$/);
    expect(systemCard).not.toHaveTextContent('Card number');
    expect(systemCard).not.toHaveTextContent('Employee number');
    system.unmount();

    const key = await openEvent('By a key');
    const keyCard = within(key.details).getByTestId('actor-card');
    expect(within(keyCard).getByTestId('actor-name')).toHaveTextContent(/^API key$/);
    expect(within(keyCard).getByTestId('actor-department')).toHaveTextContent('Front desk app');
  });

  it('offers no jump to video without the historical right', async () => {
    eventsServer(() => [makeEvent('ev-1', NOW_MS - MINUTE_MS, { message: 'Granted' })]);
    const camera = makeCamera(2, { permissions: { write: true, export: true, historical: false, live: true } });
    const { details } = await openEvent('Granted', camera);
    expect(within(details).queryByRole('button', { name: 'Jump to video' })).not.toBeInTheDocument();
  });
});
