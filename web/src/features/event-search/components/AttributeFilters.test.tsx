import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { COLOUR_BIT, makeAttribute, makeEvent, type MotionRequest, motionHandler } from '../../motion-search/test/motionFixtures';
import { COLOUR_CHOICES, NOTICE_MS, VEHICLE_TYPES } from '../constants';
import { dock, freezeDate, localS, NOW_MS, renderEventSearch } from '../test/renderEventSearch';

const SEARCH = '?cameras=1001,1002&from=2025-03-06&to=2025-03-06';
const COLOUR_WARNING = /These cameras have no attribute detection configured and find no events with colour filters: Dock/;
const allFeatures = { hasPeopleDetection: true, hasVehicleDetection: true, hasAttributeDetection: true };
const lobby = makeCamera(1001, { name: 'Lobby', config: { features: allFeatures } });
const events = [
  makeEvent(localS(6, 9), { cameraId: 1001, has_people: true, attributes: [makeAttribute(1001, 1, localS(6, 9), { top: COLOUR_BIT.blue })] }),
  makeEvent(localS(6, 10), { cameraId: 1002, has_vehicles: true }),
];

function chips(testId: string) {
  return within(screen.getByTestId(testId)).getAllByRole('checkbox');
}

describe('attribute filters', () => {
  beforeEach(freezeDate);
  afterEach(() => {
    vi.useRealTimers();
    notifications.clean();
  });

  it('without attribute or vehicle detection they are disabled with the not configured messages and a learn-more', async () => {
    server.use(motionHandler(events, [], true));
    const { user } = renderEventSearch(SEARCH);
    await screen.findByTestId('end-of-results');
    expect(chips('top-clothing-picker')).toHaveLength(COLOUR_CHOICES.length);
    expect(within(screen.getByTestId('top-clothing-picker')).getByRole('checkbox', { name: 'Black/gray' })).toBeDisabled();
    expect(chips('vehicle-type-picker')).toHaveLength(VEHICLE_TYPES.length);
    for (const picker of ['top-clothing-picker', 'bottom-clothing-picker', 'vehicle-colour-picker', 'vehicle-type-picker']) {
      expect(chips(picker).every((chip) => (chip as HTMLInputElement).disabled)).toBe(true);
    }
    const people = screen.getByTestId('people-attribute-warning');
    expect(people).toHaveTextContent('Attribute detection not configured');
    expect(screen.getByTestId('vehicles-attribute-warning')).toHaveTextContent(
      'Vehicle detection not configuredAttribute detection not configured',
    );
    await user.click(within(people).getByRole('button', { name: 'Learn more' }));
    expect(people).toHaveTextContent(/Colours are not seen in night mode/);
  });

  it('with a camera having the features they can be chosen; colours warn for 6 s about cameras lacking attribute detection', async () => {
    const log: MotionRequest[] = [];
    server.use(motionHandler(events, log, true));
    const { user } = renderEventSearch(SEARCH, [lobby, dock]);
    await screen.findByTestId('end-of-results');
    expect(screen.queryByTestId('people-attribute-warning')).not.toBeInTheDocument();
    const red = within(screen.getByTestId('top-clothing-picker')).getByRole('checkbox', { name: 'Red' });
    expect(red).toBeDisabled(); // until the people switch is on
    await user.click(screen.getByRole('switch', { name: 'Only events with people' }));
    expect(red).toBeEnabled();
    const requests = log.length;

    vi.useFakeTimers({ now: NOW_MS, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    fireEvent.click(red);
    expect(red).toBeChecked();
    expect(screen.getByText(COLOUR_WARNING)).toBeInTheDocument();
    expect(within(screen.getByTestId('camera-filter')).getAllByText(/Incompatible with the filters/)).toHaveLength(1);
    // The only person wears blue: a red top lets no event through; nothing new is asked of the server.
    expect(screen.getByTestId('no-results')).toHaveTextContent('no results found');
    act(() => vi.advanceTimersByTime(NOTICE_MS - 100));
    expect(screen.getByText(COLOUR_WARNING)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText(COLOUR_WARNING)).not.toBeInTheDocument();
    expect(log).toHaveLength(requests);
  });

  it('turning people or vehicles off clears its colours and type', async () => {
    server.use(motionHandler(events, [], true));
    const { user } = renderEventSearch(SEARCH, [lobby, dock]);
    await screen.findByTestId('end-of-results');
    await user.click(screen.getByRole('switch', { name: 'Only events with people' }));
    await user.click(screen.getByRole('switch', { name: 'Only events with vehicles' }));
    // A vehicle colour is both a colour and a vehicle filter: one warning for both.
    await user.click(within(screen.getByTestId('vehicle-colour-picker')).getByRole('checkbox', { name: 'White/gray' }));
    expect(screen.getByText(/lack attribute or vehicle detection.*: Dock/)).toBeInTheDocument();
    await user.click(within(screen.getByTestId('bottom-clothing-picker')).getByRole('checkbox', { name: 'Blue' }));
    await user.click(within(screen.getByTestId('vehicle-type-picker')).getByRole('checkbox', { name: 'Truck' }));

    await user.click(screen.getByRole('switch', { name: 'Only events with people' }));
    expect(within(screen.getByTestId('bottom-clothing-picker')).getByRole('checkbox', { name: 'Blue' })).not.toBeChecked();
    expect(within(screen.getByTestId('vehicle-type-picker')).getByRole('checkbox', { name: 'Truck' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Only events with vehicles' }));
    expect(within(screen.getByTestId('vehicle-type-picker')).getByRole('checkbox', { name: 'Truck' })).not.toBeChecked();
    expect(within(screen.getByTestId('vehicle-colour-picker')).getByRole('checkbox', { name: 'White/gray' })).not.toBeChecked();
    expect(screen.getAllByTestId('event-card')).toHaveLength(2);
  });

  it('a colour keeps the events with a person wearing it; night-mode events it hides bring a 6 s low-light warning', async () => {
    const night = makeEvent(localS(6, 5), {
      cameraId: 1001,
      has_people: true,
      nightmode: true,
      attributes: [makeAttribute(1001, 2, localS(6, 5), { top: 0, nightmode: true })],
    });
    server.use(motionHandler([...events, night], [], true));
    const { user } = renderEventSearch(SEARCH, [lobby, dock]);
    await screen.findByTestId('end-of-results');
    await user.click(screen.getByRole('switch', { name: 'Only events with people' }));
    expect(screen.getAllByTestId('event-card')).toHaveLength(2);
    await user.click(within(screen.getByTestId('top-clothing-picker')).getByRole('checkbox', { name: 'Blue' }));
    expect(screen.getAllByTestId('event-card').map((card) => card.getAttribute('data-ts'))).toEqual([String(localS(6, 9))]);
    expect(await screen.findByText(/recorded in night mode show no colours and are hidden by the colour filters: Lobby/)).toBeInTheDocument();
  });
});
