import { describe, expect, it } from 'vitest';
import { snapshotWidthPx, withSnapshotWidth } from './snapshotWidth';

describe('snapshot width of a shown image', () => {
  it('is the displayed width in device pixels, snapped up to the next snapshot width', () => {
    expect(snapshotWidthPx(342, 2)).toBe(960); // 684 device px
    expect(snapshotWidthPx(450, 1)).toBe(480);
    expect(snapshotWidthPx(320, 1)).toBe(320); // exactly a snapshot width
    expect(snapshotWidthPx(321, 1)).toBe(480);
    expect(snapshotWidthPx(213.4, 1.5)).toBe(320); // round(320.1) = 320
    expect(snapshotWidthPx(100, 1)).toBe(160);
    expect(snapshotWidthPx(502, 2)).toBe(1280);
  });

  it('asks for the widest snapshot beyond it and never beyond the stream', () => {
    expect(snapshotWidthPx(1200, 2)).toBe(1920);
    expect(snapshotWidthPx(696, 2, 1280)).toBe(1280);
    expect(snapshotWidthPx(696, 2, 2058)).toBe(1920);
    expect(snapshotWidthPx(342, 2, 640)).toBe(640);
    expect(snapshotWidthPx(342, 1, 640)).toBe(480);
    expect(snapshotWidthPx(342, 2, 1000)).toBe(960);
    expect(snapshotWidthPx(500, 2, 1000)).toBe(1000);
  });

  it('treats an unknown layout or pixel ratio as the smallest size at ratio 1', () => {
    expect(snapshotWidthPx(0, 2)).toBe(160);
    expect(snapshotWidthPx(-5, 1)).toBe(160);
    expect(snapshotWidthPx(450, Number.NaN)).toBe(480);
    expect(snapshotWidthPx(450, 0)).toBe(480);
    expect(snapshotWidthPx(450, 1, 0)).toBe(480); // stream width unknown
  });
});

describe('event image address with a width', () => {
  it('adds or replaces width on the snapshot endpoint, keeping the time', () => {
    expect(withSnapshotWidth('/n1/cameras/1002/snapshot.jpg?ts_ms=1735689600000', 960)).toBe(
      '/n1/cameras/1002/snapshot.jpg?ts_ms=1735689600000&width=960',
    );
    expect(withSnapshotWidth('/n1/cameras/1002/snapshot.jpg?ts_ms=5&width=320', 640)).toBe('/n1/cameras/1002/snapshot.jpg?ts_ms=5&width=640');
    expect(withSnapshotWidth('/n1/cameras/1002/snapshot.jpg', 480)).toBe('/n1/cameras/1002/snapshot.jpg?width=480');
  });

  it('leaves other images alone', () => {
    const recap = '/n1/n/101/manage/cameras/1002/motion_recap/77.jpg';
    expect(withSnapshotWidth(recap, 960)).toBe(recap);
  });
});
