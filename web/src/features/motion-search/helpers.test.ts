import { describe, expect, it } from 'vitest';
import { planChunks, searchedShare } from './chunks';
import { fromPickerValue, imageFileName, toPickerValue } from './eventFormat';
import { eventSearchLink } from './eventSearchLink';
import { motionSearchParams } from './motionSearchApi';
import { makeCamera } from '../cameras/test/fixtures';
import { cameraAspect, cellAt, fullFrame, gridForCamera, isFullFrame, rectBetween, roiParam, roiPercent } from './roi';
import { defaultParams, effectiveFilters, progressKey } from './searchState';

const H = 3_600_000;

describe('chunk planning', () => {
  it('goes backwards from the end in 12 h, 24 h, 48 h, 96 h, 96 h … chunks', () => {
    const end = 1000 * H;
    const chunks = planChunks(end - 400 * H, end);
    expect(chunks.map((chunk) => (chunk.endMs - chunk.startMs) / H)).toEqual([12, 24, 48, 96, 96, 96, 28]);
    expect(chunks[0].endMs).toBe(end);
    for (let i = 1; i < chunks.length; i += 1) expect(chunks[i].endMs).toBe(chunks[i - 1].startMs);
    expect(chunks[chunks.length - 1].startMs).toBe(end - 400 * H);
  });

  it('clamps the oldest chunk to the start of the range', () => {
    expect(planChunks(0, 24 * H)).toEqual([
      { startMs: 12 * H, endMs: 24 * H },
      { startMs: 0, endMs: 12 * H },
    ]);
    expect(planChunks(5 * H, 6 * H)).toEqual([{ startMs: 5 * H, endMs: 6 * H }]);
    expect(planChunks(0, 36 * H).map((chunk) => chunk.startMs / H)).toEqual([24, 0]);
  });

  it('plans nothing for an empty or reversed range', () => {
    expect(planChunks(10, 10)).toEqual([]);
    expect(planChunks(20, 10)).toEqual([]);
  });

  it('reports the share searched', () => {
    expect(searchedShare(0, 100, 100)).toBe(0);
    expect(searchedShare(0, 100, 25)).toBe(0.75);
    expect(searchedShare(0, 100, 0)).toBe(1);
    expect(searchedShare(0, 100, -10)).toBe(1);
  });
});

describe('region of interest', () => {
  it('snaps points to cells of the 60×34 grid, clamping outside points to the edges', () => {
    expect(cellAt(0, 0, 600, 340)).toEqual({ col: 0, row: 0 });
    expect(cellAt(15, 25, 600, 340)).toEqual({ col: 1, row: 2 });
    expect(cellAt(599.9, 339.9, 600, 340)).toEqual({ col: 59, row: 33 });
    expect(cellAt(700, -5, 600, 340)).toEqual({ col: 59, row: 0 });
    expect(cellAt(10, 10, 0, 0)).toEqual({ col: 0, row: 0 });
  });

  it('spans whole cells between two corners in any direction, at least 1×1', () => {
    expect(rectBetween({ col: 4, row: 5 }, { col: 1, row: 2 })).toEqual({ x: 1, y: 2, w: 4, h: 4 });
    expect(rectBetween({ col: 7, row: 7 }, { col: 7, row: 7 })).toEqual({ x: 7, y: 7, w: 1, h: 1 });
  });

  it("uses the camera's grid: fisheye 60×60, a 4:3 image 60×48, else 60×34", () => {
    expect(gridForCamera(makeCamera(1, { type: 'fisheye' }))).toEqual({ cols: 60, rows: 60 });
    expect(gridForCamera(makeCamera(1, { config: { video_width: 1280, video_height: 960 } }))).toEqual({ cols: 60, rows: 48 });
    expect(gridForCamera(makeCamera(1, { config: { video_width: 1920, video_height: 1080 } }))).toEqual({ cols: 60, rows: 34 });
    expect(gridForCamera(makeCamera(1))).toEqual({ cols: 60, rows: 34 });
    expect(cellAt(599, 599, 600, 600, { cols: 60, rows: 60 })).toEqual({ col: 59, row: 59 });
    expect(fullFrame({ cols: 60, rows: 60 })).toEqual({ x: 0, y: 0, w: 60, h: 60 });
  });

  // Per picture shape: the camera's record, the picture's aspect ratio and the grid the server analyses it on.
  const shapes = [
    { name: 'fisheye 1:1', camera: { type: 'fisheye', config: { video_width: 2058, video_height: 2058 } }, aspect: 1, grid: { cols: 60, rows: 60 } },
    { name: '4:3', camera: { type: 'standard', config: { video_width: 1280, video_height: 960 } }, aspect: 4 / 3, grid: { cols: 60, rows: 48 } },
    { name: '5:4', camera: { type: 'standard', config: { video_width: 1280, video_height: 1024 } }, aspect: 5 / 4, grid: { cols: 60, rows: 48 } },
    { name: '16:9', camera: { type: 'standard', config: { video_width: 1920, video_height: 1080 } }, aspect: 16 / 9, grid: { cols: 60, rows: 34 } },
  ];

  it.each(shapes)('a $name camera: its picture aspect, its grid, and cells that stay square-ish', ({ camera, aspect, grid }) => {
    expect(cameraAspect(makeCamera(1, camera))).toBeCloseTo(aspect, 6);
    expect(gridForCamera(makeCamera(1, camera))).toEqual(grid);
    const cellWidthOverHeight = (aspect * grid.rows) / grid.cols;
    expect(cellWidthOverHeight).toBeGreaterThan(0.9);
    expect(cellWidthOverHeight).toBeLessThan(1.1);
  });

  it.each(shapes)('a $name picture maps cells to the region the server expects and back', ({ aspect, grid }) => {
    const width = 600;
    const height = width / aspect;
    const cellW = width / grid.cols;
    const cellH = height / grid.rows;
    // The centre of cell (c, r) is that cell; the far corner is the last cell.
    expect(cellAt(cellW * 10.5, cellH * 7.5, width, height, grid)).toEqual({ col: 10, row: 7 });
    expect(cellAt(width - 0.1, height - 0.1, width, height, grid)).toEqual({ col: grid.cols - 1, row: grid.rows - 1 });
    const roi = rectBetween(cellAt(cellW * 10.5, cellH * 7.5, width, height, grid), cellAt(cellW * 29.5, cellH * 19.5, width, height, grid));
    expect(roiParam(roi)).toBe('10,7,20,13');
    // Drawn back over the same picture, the region covers exactly those cells.
    const shown = roiPercent(roi, grid);
    expect((shown.left / 100) * width).toBeCloseTo(cellW * 10, 6);
    expect((shown.top / 100) * height).toBeCloseTo(cellH * 7, 6);
    expect((shown.width / 100) * width).toBeCloseTo(cellW * 20, 6);
    expect((shown.height / 100) * height).toBeCloseTo(cellH * 13, 6);
    expect(roiParam(fullFrame(grid))).toBe(`0,0,${grid.cols},${grid.rows}`);
  });

  it("leaves the picture's aspect to the snapshot when the record has no resolution (a fisheye is still 1:1)", () => {
    expect(cameraAspect(makeCamera(1))).toBeNull();
    expect(cameraAspect(makeCamera(1, { config: { video_width: 0, video_height: 1080 } }))).toBeNull();
    expect(cameraAspect(makeCamera(1, { type: 'fisheye' }))).toBe(1);
  });

  it('writes the roi parameter and knows the whole frame', () => {
    expect(roiParam({ x: 1, y: 2, w: 3, h: 4 })).toBe('1,2,3,4');
    expect(fullFrame()).toEqual({ x: 0, y: 0, w: 60, h: 34 });
    expect(isFullFrame(fullFrame())).toBe(true);
    expect(isFullFrame({ x: 0, y: 0, w: 60, h: 33 })).toBe(false);
    expect(roiPercent({ x: 30, y: 17, w: 30, h: 17 })).toEqual({ left: 50, top: 50, width: 50, height: 50 });
  });
});

describe('search request', () => {
  it('sends the whole frame with the defaults in basic mode and the chosen filters in advanced mode', () => {
    const params = { ...defaultParams(0), roi: { x: 1, y: 2, w: 3, h: 4 }, sensitivity: 40, minDurationS: 7 };
    expect(effectiveFilters(params)).toEqual({ sensitivity: 100, minDurationMs: 0 });
    expect(effectiveFilters({ ...params, mode: 'advanced' })).toEqual({
      roi: { x: 1, y: 2, w: 3, h: 4 },
      sensitivity: 40,
      minDurationMs: 7000,
    });
  });

  it('builds the motion_search query in whole seconds', () => {
    expect(
      motionSearchParams({
        networkId: 5,
        cameraId: 1001,
        startS: 100.4,
        endS: 200.2,
        roi: { x: 1, y: 2, w: 3, h: 4 },
        sensitivity: 50,
        minDurationMs: 2000,
        withImages: true,
        feature: 'motion_search',
      }),
    ).toEqual({
      id: 1001,
      start: 100,
      end: 201,
      roi: '1,2,3,4',
      sensitivity: 50,
      min_duration_ms: 2000,
      with_images: true,
      feature: 'motion_search',
    });
  });

  it("opens with the last 24 hours, the whole frame, sensitivity 100 and no minimum duration", () => {
    expect(defaultParams(48 * H)).toEqual({
      startMs: 24 * H,
      endMs: 48 * H,
      mode: 'basic',
      roi: { x: 0, y: 0, w: 60, h: 34 },
      sensitivity: 100,
      minDurationS: 0,
      followsNow: 'range',
    });
  });
});

describe('texts and links', () => {
  it("says 'searching' at 0, 'searching ext' below 1 and 'end of results' at 1", () => {
    expect(progressKey(0)).toBe('searching');
    expect(progressKey(0.01)).toBe('searching-ext');
    expect(progressKey(0.99)).toBe('searching-ext');
    expect(progressKey(1)).toBe('end-of-results');
  });

  it('links to the event search with cameras, dates and times in the network zone', () => {
    const start = Date.UTC(2025, 2, 4, 14, 30);
    const end = Date.UTC(2025, 2, 5, 16, 45);
    expect(eventSearchLink(5, [1001, 1002], start, end, 'America/New_York')).toBe(
      '/n/5/events?cameras=1001,1002&from=2025-03-04&to=2025-03-05&start=09:30&end=11:45',
    );
    expect(eventSearchLink(5, [7], start, end, 'UTC')).toBe(
      '/n/5/events?cameras=7&from=2025-03-04&to=2025-03-05&start=14:30&end=16:45',
    );
  });

  it("reads and writes the date-time picker's values in the network zone", () => {
    const ms = Date.UTC(2025, 0, 2, 3, 4, 5);
    expect(toPickerValue(ms, 'Europe/Madrid')).toBe('2025-01-02 04:04:05');
    expect(fromPickerValue('2025-01-02 04:04:05', 'Europe/Madrid')).toBe(ms);
    expect(fromPickerValue('2025-01-02 04:04', 'Europe/Madrid')).toBe(ms - 5000);
    expect(fromPickerValue(null, 'UTC')).toBeNull();
    expect(fromPickerValue('', 'UTC')).toBeNull();
    expect(fromPickerValue('2025-13-45 99:00:00', 'UTC')).toBeNull();
    expect(fromPickerValue('2025-02-30 10:00:00', 'UTC')).toBeNull();
  });

  it('names downloaded images after the camera and the event time', () => {
    expect(imageFileName('Lobby', Date.UTC(2025, 0, 2, 3, 4, 5), 'UTC')).toBe('Motion - Lobby - 2025-01-02 03-04-05.jpg');
  });
});
