import { describe, expect, it } from 'vitest';
import { liveCamera } from '../test/wallFixtures';
import { tileStream } from './TileVideo';

describe('the stream a wall tile plays', () => {
  const camera = liveCamera(1, 'Dock');
  const mainOnly = liveCamera(2, 'Gate', { channel: { ...camera.channel, local_lan_livestream_path: null } });

  it('is the sub-stream in the grid and the main stream when peeked', () => {
    expect(tileStream(camera, false)).toBe('sub');
    expect(tileStream(camera, true)).toBe('main');
  });

  it('is the main stream for a camera without a sub-stream, or when ?stream=main forces it', () => {
    expect(tileStream(mainOnly, false)).toBe('main');
    expect(tileStream(camera, false, 'main')).toBe('main');
  });
});
