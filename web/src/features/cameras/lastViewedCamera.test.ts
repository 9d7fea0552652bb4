import { describe, expect, it } from 'vitest';
import { lastViewedCameraKey } from './constants';
import { pickIndexCamera, readLastViewedCamera, writeLastViewedCamera } from './lastViewedCamera';
import { makeCamera } from './test/fixtures';

describe('last viewed camera', () => {
  it('uses the key mki-last-viewed-camera-{userId}-{networkId}', () => {
    expect(lastViewedCameraKey(100, 5)).toBe('mki-last-viewed-camera-100-5');
    writeLastViewedCamera(100, 5, 7);
    expect(window.localStorage.getItem('mki-last-viewed-camera-100-5')).toBe('7');
    expect(readLastViewedCamera(100, 5)).toBe(7);
    expect(readLastViewedCamera(100, 6)).toBeNull();
  });

  it('ignores unreadable values', () => {
    window.localStorage.setItem(lastViewedCameraKey(100, 5), '{oops');
    expect(readLastViewedCamera(100, 5)).toBeNull();
  });

  it('picks the last viewed camera only when still listed, else the first', () => {
    const cameras = [makeCamera(3), makeCamera(1), makeCamera(2)];
    expect(pickIndexCamera(cameras, 2)).toBe(2);
    expect(pickIndexCamera(cameras, 99)).toBe(3);
    expect(pickIndexCamera(cameras, null)).toBe(3);
    expect(pickIndexCamera([], 2)).toBeUndefined();
  });
});
