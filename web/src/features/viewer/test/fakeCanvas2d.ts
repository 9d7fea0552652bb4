import { vi } from 'vitest';

/** What one drawing of a canvas did: its transform and the boxes, label backgrounds and texts in drawing units. */
export interface CanvasDrawing {
  transform: number[];
  strokes: { x: number; y: number; width: number; height: number; colour: string }[];
  texts: string[];
}

/**
 * A 2D context that records what is drawn (jsdom has no canvas): `drawings(canvas)` lists each clearRect-started
 * drawing of that canvas, the newest last. Installed on HTMLCanvasElement.prototype.getContext for the calling test.
 */
export function recordCanvas2d() {
  const byCanvas = new Map<HTMLCanvasElement, CanvasDrawing[]>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    const drawings = byCanvas.get(canvas) ?? [];
    byCanvas.set(canvas, drawings);
    let transform = [1, 0, 0, 1, 0, 0];
    const current = () => drawings[drawings.length - 1];
    const context = {
      lineWidth: 1,
      font: '',
      textBaseline: 'alphabetic',
      strokeStyle: '',
      fillStyle: '',
      setTransform: (...values: number[]) => {
        transform = values;
        if (current()) current().transform = values;
      },
      clearRect: () => drawings.push({ transform, strokes: [], texts: [] }),
      strokeRect: (x: number, y: number, width: number, height: number) => {
        current().strokes.push({ x, y, width, height, colour: context.strokeStyle });
      },
      fillRect: () => undefined,
      fillText: (text: string) => current().texts.push(text),
      measureText: (text: string) => ({ width: text.length * 6 }),
    };
    return context as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  return {
    drawings: (canvas: HTMLElement) => byCanvas.get(canvas as HTMLCanvasElement) ?? [],
    latest: (canvas: HTMLElement) => {
      const drawings = byCanvas.get(canvas as HTMLCanvasElement) ?? [];
      return drawings[drawings.length - 1];
    },
  };
}
