import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { useFakeWebCodecs } from '../test/fakeWebCodecs';
import { FakeWebSocket } from '../test/fakeWebSocket';
import { box, initSegment, sampleEntry, track } from '../test/initSegmentBytes';
import { liveInitHandler, openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';
import { useWsLiveFakes } from '../test/wsLiveKit';

vi.mock('hls.js', async () => (await import('../test/fakeHls')).hlsModule);

const video = () => screen.getByTestId('camera-video') as HTMLVideoElement;

/** The media starts playing; with `audioBytes` > 0 Chromium has decoded audio from it. */
function mediaPlays(audioBytes: number | null) {
  const element = video();
  if (audioBytes !== null) Object.defineProperty(element, 'webkitAudioDecodedByteCount', { configurable: true, value: audioBytes });
  act(() => {
    element.dispatchEvent(new Event('loadedmetadata'));
    element.dispatchEvent(new Event('playing'));
  });
}

describe('camera viewer sound (issue 17 item 11)', () => {
  useLayoutSize();
  useViewerTestKit();

  it('offers no sound controls while the media has no audio', async () => {
    await openViewerCamera();
    mediaPlays(0);
    expect(screen.queryByRole('button', { name: 'Sound on' })).not.toBeInTheDocument();
    expect(screen.queryByRole('slider', { name: 'Volume' })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'm' });
    expect(video().muted).toBe(true);
  });

  it('shows mute and volume once the played media has audio; the button and m toggle the sound', async () => {
    const { user } = await openViewerCamera();
    mediaPlays(4096);
    await user.click(await screen.findByRole('button', { name: 'Sound on' }));
    expect(video().muted).toBe(false);
    expect(screen.getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'm' });
    await waitFor(() => expect(video().muted).toBe(true));
    expect(screen.getByRole('button', { name: 'Sound on' })).toBeInTheDocument();
  });

  it('sets the volume of the video from the slider', async () => {
    await openViewerCamera();
    mediaPlays(4096);
    const slider = await screen.findByRole('slider', { name: 'Volume' });
    slider.focus();
    fireEvent.keyDown(slider, { key: 'Home' });
    await waitFor(() => expect(video().volume).toBe(0));
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await waitFor(() => expect(video().volume).toBeCloseTo(0.05));
  });
});

describe('camera viewer sound on the frames transport (video only)', () => {
  useLayoutSize();
  useViewerTestKit();
  useWsLiveFakes();
  useFakeWebCodecs();

  it('offers sound for a stream whose live init segment has audio; unmuted it plays over WebSocket/MSE', async () => {
    const withAudio = initSegment(track(sampleEntry('avc1', 1920, 1080)), track(box('mp4a', new Uint8Array(28))));
    const { user } = await openViewerCamera(undefined, '', liveInitHandler('main', withAudio), liveInitHandler('sub', withAudio));
    await waitFor(() => expect(video().dataset.transport).toBe('frames'));
    expect(FakeWebSocket.latest().url).toMatch(/\/live\/(main|sub)\/frames$/);
    await user.click(await screen.findByRole('button', { name: 'Sound on' }));
    await waitFor(() => expect(video().dataset.transport).toBe('ws'));
    expect(FakeWebSocket.latest().url).toMatch(/\/live\/(main|sub)\/ws$/);
    expect(video().muted).toBe(false);
    await user.click(await screen.findByRole('button', { name: 'Sound off' }));
    await waitFor(() => expect(video().dataset.transport).toBe('frames'));
  });

  it('offers no sound on frames for a stream without audio', async () => {
    await openViewerCamera();
    await waitFor(() => expect(video().dataset.transport).toBe('frames'));
    expect(screen.queryByRole('button', { name: 'Sound on' })).not.toBeInTheDocument();
  });
});
