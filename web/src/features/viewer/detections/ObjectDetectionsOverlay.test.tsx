import { screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { detection, FakeCometd } from '../test/fakeCometd';
import { recordCanvas2d } from '../test/fakeCanvas2d';
import { NO_ZOOM, type ZoomState } from '../zoom';
import { ObjectDetectionsOverlay } from './ObjectDetectionsOverlay';

const T = 1_700_000_000_000;
/** The video's media time when the player reported T + 1000. */
const MEDIA_S = 60;

interface StageProps {
  playheadMs: number | null;
  fisheye?: boolean;
}

const ZOOMED: ZoomState = { scale: 2, x: -100, y: -50 };

/** A stage of 800×600 (useLayoutSize) with a 1920×1080 video (letterboxed: picture 800×450 at y 75) and the overlay. */
function Stage({ playheadMs, fisheye = false }: StageProps) {
  const [zoom, setZoom] = useState(NO_ZOOM);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const attach = (video: HTMLVideoElement | null) => {
    if (video && videoRef.current !== video) fakeVideo(video);
    videoRef.current = video;
  };
  return (
    <div style={{ position: 'relative' }}>
      <video ref={attach} data-testid="video" />
      <ObjectDetectionsOverlay cameraId={2} fisheye={fisheye} videoRef={videoRef} zoom={zoom} playheadMs={playheadMs} />
      <button type="button" onClick={() => setZoom(ZOOMED)}>
        zoom 2x
      </button>
    </div>
  );
}

/** jsdom plays nothing: the video shows a 1920×1080 picture at media time MEDIA_S. */
function fakeVideo(video: HTMLVideoElement) {
  Object.defineProperty(video, 'videoWidth', { configurable: true, value: 1920 });
  Object.defineProperty(video, 'videoHeight', { configurable: true, value: 1080 });
  video.currentTime = MEDIA_S;
}

describe('ObjectDetectionsOverlay', () => {
  useLayoutSize(800, 600);
  let cometd: FakeCometd;
  let canvas2d: ReturnType<typeof recordCanvas2d>;

  beforeEach(() => {
    canvas2d = recordCanvas2d();
    cometd = new FakeCometd();
    cometd.detections = () => [
      detection(T + 1000, 1, { x0: 51, y0: 0, x1: 255, y1: 102 }, { confidence: 0.87 }),
      detection(T + 1500, 1, { x0: 0, y0: 0, x1: 204, y1: 102 }, { confidence: 0.87 }),
      detection(T + 1000, 2, { x0: 0, y0: 153, x1: 51, y1: 255 }, { object_class: 1, confidence: 0.5 }),
    ];
    server.use(cometd.handler);
  });

  function renderStage(props: StageProps) {
    const rendered = renderWithProviders(<Stage {...props} />, { preloadedState: signedInState() });
    const video = screen.getByTestId('video') as HTMLVideoElement;
    const overlay = screen.getByTestId('detections-overlay');
    return { ...rendered, video, overlay };
  }

  it('asks for the playhead bucket and draws each box on the letterboxed picture, coloured and labelled', async () => {
    const { overlay } = renderStage({ playheadMs: T + 1000 });
    expect(overlay).toHaveAttribute('width', '1920');
    expect(overlay).toHaveAttribute('height', '1080');
    expect(overlay).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '2'));

    expect(cometd.requests).toEqual([expect.objectContaining({ node_id: 2, start_ts: T - 5000, end_ts: T + 30_000 })]);
    const drawing = canvas2d.latest(overlay);
    // Drawn in css px of the 800×600 area, stretched onto the 1920×1080 canvas.
    expect(drawing.transform).toEqual([1920 / 800, 0, 0, 1080 / 600, 0, 0]);
    expect(drawing.strokes).toEqual([
      { x: 160, y: 75, width: 640, height: 180, colour: '#fcc419' },
      { x: 0, y: 345, width: 160, height: 180, colour: '#22b8cf' },
    ]);
    expect(drawing.texts).toEqual(['Person 87 %', 'Vehicle 50 %']);
  });

  it('follows the picture between player reports, interpolating, and hides a track 750 ms after its detections', async () => {
    const { overlay, video } = renderStage({ playheadMs: T + 1000 });
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '2'));

    video.currentTime = MEDIA_S + 0.25;
    await waitFor(() => expect(canvas2d.latest(overlay).strokes[0]).toMatchObject({ x: 80, width: 640 }));

    // Track 2's only detection is at T + 1000: gone after T + 1750; track 1 holds its T + 1500 box until T + 2250.
    video.currentTime = MEDIA_S + 0.9;
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '1'));
    expect(canvas2d.latest(overlay).strokes[0]).toMatchObject({ x: 0, width: 640 });
    video.currentTime = MEDIA_S + 1.3;
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '0'));
  });

  it('moves the boxes with the digital zoom', async () => {
    const { overlay, user } = renderStage({ playheadMs: T + 1000 });
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '2'));
    await user.click(screen.getByRole('button', { name: 'zoom 2x' }));
    await waitFor(() =>
      expect(canvas2d.latest(overlay).strokes[0]).toEqual({ x: 220, y: 100, width: 1280, height: 360, colour: '#fcc419' }),
    );
  });

  it('draws nothing while the video has no picture yet, and uses the square canvas for a fisheye', async () => {
    const { overlay, video } = renderStage({ playheadMs: T + 1000, fisheye: true });
    expect(overlay).toHaveAttribute('width', '1000');
    expect(overlay).toHaveAttribute('height', '1000');
    Object.defineProperty(video, 'videoWidth', { configurable: true, value: 0 });
    await waitFor(() => expect(cometd.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(overlay).toHaveAttribute('data-boxes', '0');
  });

  it('asks for nothing until the player reports a time', async () => {
    renderStage({ playheadMs: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cometd.bodies).toEqual([]);
  });

  it('disconnects its client when unmounted', async () => {
    const { overlay, unmount } = renderStage({ playheadMs: T + 1000 });
    await waitFor(() => expect(overlay).toHaveAttribute('data-boxes', '2'));
    unmount();
    await waitFor(() => expect(cometd.messages('/meta/disconnect')).toHaveLength(1));
    expect(cometd.clients.size).toBe(0);
  });
});
