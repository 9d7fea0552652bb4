import { describe, expect, it } from 'vitest';
import { detection } from '../test/fakeCometd';
import { boxesAt } from './interpolation';

const T = 1_700_000_000_000;
const A = { x0: 0, y0: 0, x1: 100, y1: 100 };
const B = { x0: 50, y0: 20, x1: 150, y1: 120 };

describe('boxesAt', () => {
  it('interpolates a track linearly between its detections around the time', () => {
    const detections = [detection(T, 1, A, { confidence: 0.8 }), detection(T + 500, 1, B, { confidence: 0.9 })];
    const [box] = boxesAt(detections, T + 250);
    expect(box.trackId).toBe(1);
    expect(box.box).toEqual({ x0: 25, y0: 10, x1: 125, y1: 110 });
    expect(box.confidence).toBeCloseTo(0.85);
    expect(boxesAt(detections, T)[0].box).toEqual(A);
    expect(boxesAt(detections, T + 500)[0].box).toEqual(B);
  });

  it('interpolates across a gap as long as both detections are within 750 ms of the time', () => {
    const detections = [detection(T, 1, A), detection(T + 1400, 1, B)];
    expect(boxesAt(detections, T + 700)[0].box).toEqual({ x0: 25, y0: 10, x1: 125, y1: 110 });
  });

  it('holds the one detection within 750 ms, and hides the track when none is', () => {
    const detections = [detection(T, 1, A), detection(T + 2000, 1, B)];
    expect(boxesAt(detections, T + 750)[0].box).toEqual(A);
    expect(boxesAt(detections, T + 751)).toEqual([]);
    expect(boxesAt(detections, T + 1250)[0].box).toEqual(B);
    expect(boxesAt(detections, T - 751)).toEqual([]);
  });

  it('draws each track on its own, with its class', () => {
    const detections = [
      detection(T - 100, 1, A),
      detection(T - 100, 2, B, { object_class: 1, confidence: 0.6 }),
      detection(T + 100, 1, B),
      detection(T + 5000, 3, A),
    ];
    const boxes = boxesAt(detections, T);
    expect(boxes.map(({ trackId, objectClass }) => [trackId, objectClass])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(boxes[0].box).toEqual({ x0: 25, y0: 10, x1: 125, y1: 110 });
    expect(boxes[1]).toMatchObject({ box: B, confidence: 0.6 });
  });
});
