import type { ObjectDetection } from './CometdClient';
import type { Rect } from './overlayGeometry';

/** Box and label colour per object_class: person 0, vehicle 1, text 2. */
export const DETECTION_COLOURS: Readonly<Record<ObjectDetection['object_class'], string>> = {
  0: '#fcc419',
  1: '#22b8cf',
  2: '#e599f7',
};

export interface DrawnBox {
  /** In css px of the video area. */
  rect: Rect;
  objectClass: ObjectDetection['object_class'];
  label: string;
}

const LINE_WIDTH_PX = 2;
const LABEL_HEIGHT_PX = 16;
const LABEL_PADDING_PX = 4;
const LABEL_FONT = '12px sans-serif';

/**
 * Clears the canvas and draws each box with its label (above the box, inside it at the top edge). The canvas keeps its
 * own size (spec 02 §9) and is stretched over the area: drawing in the area's css px keeps lines and text unscaled.
 */
export function drawDetections(
  context: CanvasRenderingContext2D,
  canvas: { width: number; height: number },
  area: { width: number; height: number },
  boxes: readonly DrawnBox[],
): void {
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  if (area.width <= 0 || area.height <= 0) return;
  context.setTransform(canvas.width / area.width, 0, 0, canvas.height / area.height, 0, 0);
  context.lineWidth = LINE_WIDTH_PX;
  context.font = LABEL_FONT;
  context.textBaseline = 'middle';
  for (const { rect, objectClass, label } of boxes) {
    const colour = DETECTION_COLOURS[objectClass];
    context.strokeStyle = colour;
    context.strokeRect(rect.x, rect.y, rect.width, rect.height);
    const labelWidth = context.measureText(label).width + 2 * LABEL_PADDING_PX;
    const labelY = rect.y >= LABEL_HEIGHT_PX ? rect.y - LABEL_HEIGHT_PX : rect.y;
    context.fillStyle = colour;
    context.fillRect(rect.x - LINE_WIDTH_PX / 2, labelY, labelWidth, LABEL_HEIGHT_PX);
    context.fillStyle = '#000';
    context.fillText(label, rect.x - LINE_WIDTH_PX / 2 + LABEL_PADDING_PX, labelY + LABEL_HEIGHT_PX / 2);
  }
}
