import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLayoutSize } from '../../cameras/test/layoutSize';
import { openViewerCamera, useViewerTestKit } from '../test/viewerTestKit';

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
