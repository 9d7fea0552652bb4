import { describe, expect, it } from 'vitest';
import { NO_ZOOM } from '../zoom';
import { boxToStage, containRect, playbackWallMs } from './overlayGeometry';

describe('overlay geometry', () => {
  it('finds the letterboxed picture of a contained video', () => {
    expect(containRect(800, 600, 1920, 1080)).toEqual({ x: 0, y: 75, width: 800, height: 450 });
    expect(containRect(800, 450, 1000, 1000)).toEqual({ x: 175, y: 0, width: 450, height: 450 });
    expect(containRect(800, 450, 0, 0)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });

  it('puts a 0–255 box on the picture, then moves it with the digital zoom', () => {
    const picture = { x: 0, y: 75, width: 800, height: 450 };
    const box = { x0: 51, y0: 0, x1: 255, y1: 102 };
    expect(boxToStage(box, picture, NO_ZOOM)).toEqual({ x: 160, y: 75, width: 640, height: 180 });
    expect(boxToStage(box, picture, { scale: 2, x: -100, y: -50 })).toEqual({ x: 220, y: 100, width: 1280, height: 360 });
    const flipped = { x0: 255, y0: 102, x1: 51, y1: 0 };
    expect(boxToStage(flipped, picture, NO_ZOOM)).toEqual({ x: 160, y: 75, width: 640, height: 180 });
  });

  it('moves the reported time on by the media time played since, but not across a seek', () => {
    const anchor = { wallMs: 1_700_000_000_000, mediaS: 60 };
    expect(playbackWallMs(anchor, 60.25)).toBe(1_700_000_000_250);
    expect(playbackWallMs(anchor, 59.9)).toBe(1_699_999_999_900);
    expect(playbackWallMs(anchor, 75)).toBe(1_700_000_000_000);
  });
});
