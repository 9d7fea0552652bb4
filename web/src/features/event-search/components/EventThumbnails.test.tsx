import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { makeCamera } from '../../cameras/test/fixtures';
import { makeEvent, motionHandler } from '../../motion-search/test/motionFixtures';
import { freezeDate, localS, renderEventSearch } from '../test/renderEventSearch';

const TODAY_ONLY = '?cameras=1001,1002&from=2025-03-06&to=2025-03-06&start=00:00&end=00:00';
/** The demo's main stream is 1280 px wide; this camera's sub-stream-only recording is 640. */
const cameras = [
  makeCamera(1001, { name: 'Lobby', config: { video_width: 1280, video_height: 720 } }),
  makeCamera(1002, { name: 'Dock', config: { video_width: 640, video_height: 360 } }),
];
const snapshot = (cameraId: number, tsS: number) => `/n1/cameras/${cameraId}/snapshot.jpg?ts_ms=${tsS * 1000}`;
const events = [
  makeEvent(localS(6, 9), { cameraId: 1001, img_url: [snapshot(1001, localS(6, 9))] }),
  makeEvent(localS(6, 10), { cameraId: 1002, img_url: [snapshot(1002, localS(6, 10))] }),
];

/** A ResizeObserver whose observed elements the test resizes (the setup's stub never reports). */
class ControlledResizeObserver {
  static all: ControlledResizeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ControlledResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0;
  }
  /** Reports a new border-box width of every observed element matching `selector`. */
  static resize(selector: string, widthPx: number) {
    for (const observer of ControlledResizeObserver.all) {
      for (const target of observer.targets.filter((element) => element.matches(selector))) {
        const size = [{ inlineSize: widthPx, blockSize: 500 }];
        const entry = { target, borderBoxSize: size, contentBoxSize: size, contentRect: { width: widthPx } };
        observer.callback([entry as unknown as ResizeObserverEntry], observer as unknown as ResizeObserver);
      }
    }
  }
}

/** `width` asked by each card's image, in the cards' order. */
function askedWidths(): (string | null)[] {
  return screen.getAllByTestId('event-card').map((card) => {
    const src = card.querySelector('img')?.getAttribute('src') ?? '';
    return new URL(src, 'http://portal').searchParams.get('width');
  });
}

describe('event search thumbnails at the size shown', () => {
  const originalObserver = window.ResizeObserver;
  beforeEach(() => {
    freezeDate();
    ControlledResizeObserver.all = [];
    window.ResizeObserver = ControlledResizeObserver as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    window.ResizeObserver = originalObserver;
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ask the column width in device pixels, snapped up, never beyond the camera; again when the grid changes width', async () => {
    vi.stubGlobal('devicePixelRatio', 2);
    server.use(motionHandler(events, [], true));
    renderEventSearch(TODAY_ONLY, cameras);
    await screen.findByTestId('end-of-results');
    const grid = () => screen.getAllByTestId('day-events')[0];

    // 1280x720 with the filters open: a 696 px grid holds 2 medium columns of 342 px, 684 device px → 960.
    act(() => ControlledResizeObserver.resize('[data-testid="event-results"]', 696));
    await waitFor(() => expect(grid().style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))'));
    // Newest first: Dock (640 px camera), then Lobby.
    expect(askedWidths()).toEqual(['640', '960']);

    // Filters closed: 1016 px → 2 columns of 502 px, 1004 device px → 1280 (Lobby's whole width).
    act(() => ControlledResizeObserver.resize('[data-testid="event-results"]', 1016));
    await waitFor(() => expect(askedWidths()).toEqual(['640', '1280']));

    // A phone: one 300 px column → 600 device px → 640.
    act(() => ControlledResizeObserver.resize('[data-testid="event-results"]', 300));
    await waitFor(() => expect(grid().style.gridTemplateColumns).toBe('repeat(1, minmax(0, 1fr))'));
    expect(askedWidths()).toEqual(['640', '640']);
  });

  it('follow the chosen thumbnail size at ratio 1', async () => {
    vi.stubGlobal('devicePixelRatio', 1);
    server.use(motionHandler(events, [], true));
    const { user } = renderEventSearch(TODAY_ONLY, cameras);
    await screen.findByTestId('end-of-results');
    act(() => ControlledResizeObserver.resize('[data-testid="event-results"]', 1600));
    // Medium: 3 columns of 525 px → 640.
    await waitFor(() => expect(askedWidths()).toEqual(['640', '640']));
    await user.click(screen.getByText('Small'));
    // Small: 4 columns of 391 px → 480.
    await waitFor(() => expect(askedWidths()).toEqual(['480', '480']));
    await user.click(screen.getByText('Large'));
    // Large: 2 columns of 794 px → 960 (Dock: its 640).
    await waitFor(() => expect(askedWidths()).toEqual(['640', '960']));
  });
});
