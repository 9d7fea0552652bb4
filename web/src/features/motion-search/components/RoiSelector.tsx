import { type PointerEvent, type SyntheticEvent, useRef, useState } from 'react';
import { DEFAULT_FRAME_ASPECT, MOTION_GRID, REGION_MAX_HEIGHT } from '../constants';
import { type Cell, cellAt, type Grid, rectBetween, roiParam, roiPercent } from '../roi';
import type { Roi } from '../types';

export interface RoiSelectorProps {
  roi: Roi;
  /** Backdrop: the camera's snapshot (null: a dark area). */
  imageUrl: string | null;
  label: string;
  grid?: Grid;
  /** Width/height of the camera's picture; without it the snapshot's natural size once loaded, else 16:9. */
  aspect?: number | null;
  onChange: (roi: Roi) => void;
}

/**
 * A region drawn by dragging over the camera image, snapped to the cells of the motion grid (at least 1×1). The image
 * keeps the camera's aspect ratio, as wide as its container allows and at most REGION_MAX_HEIGHT tall; the grid
 * divides the whole picture, as the server's analysis divides the whole frame.
 */
export function RoiSelector({ roi, imageUrl, label, grid = MOTION_GRID, aspect, onChange }: RoiSelectorProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [draft, setDraft] = useState<Roi | null>(null);
  const [imageAspect, setImageAspect] = useState<number | null>(null);
  const shownAspect = aspect ?? imageAspect ?? DEFAULT_FRAME_ASPECT;
  const onImageLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    setImageAspect(naturalWidth > 0 && naturalHeight > 0 ? naturalWidth / naturalHeight : null);
  };

  const cellOf = (event: PointerEvent<HTMLDivElement>): Cell => {
    const rect = areaRef.current?.getBoundingClientRect();
    if (!rect) return { col: 0, row: 0 };
    return cellAt(event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height, grid);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const cell = cellOf(event);
    setAnchor(cell);
    setDraft(rectBetween(cell, cell));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (anchor) setDraft(rectBetween(anchor, cellOf(event)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!anchor) return;
    const next = rectBetween(anchor, cellOf(event));
    setAnchor(null);
    setDraft(null);
    onChange(next);
  };

  const shown = roiPercent(draft ?? roi, grid);
  const cellW = 100 / grid.cols;
  const cellH = 100 / grid.rows;
  return (
    <div
      ref={areaRef}
      role="img"
      aria-label={label}
      data-testid="roi-selector"
      data-grid={`${grid.cols}x${grid.rows}`}
      data-aspect={shownAspect.toFixed(4)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        setAnchor(null);
        setDraft(null);
      }}
      style={{
        position: 'relative',
        width: `min(100%, calc(${REGION_MAX_HEIGHT} * ${shownAspect}))`,
        aspectRatio: String(shownAspect),
        marginInline: 'auto',
        backgroundColor: '#111',
        cursor: 'crosshair',
        touchAction: 'none',
        userSelect: 'none',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
      {imageUrl && (
        <img
          src={imageUrl}
          alt=""
          aria-hidden
          draggable={false}
          onLoad={onImageLoad}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'fill', pointerEvents: 'none' }}
        />
      )}
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          backgroundImage:
            'linear-gradient(to right, rgba(255,255,255,0.12) 1px, transparent 1px),' +
            'linear-gradient(to bottom, rgba(255,255,255,0.12) 1px, transparent 1px)',
          backgroundSize: `${cellW}% ${cellH}%`,
          pointerEvents: 'none',
        }}
      />
      <div
        data-testid="roi-rect"
        data-roi={roiParam(draft ?? roi)}
        style={{
          position: 'absolute',
          left: `${shown.left}%`,
          top: `${shown.top}%`,
          width: `${shown.width}%`,
          height: `${shown.height}%`,
          border: '2px solid var(--mantine-color-yellow-5)',
          background: 'rgba(250, 204, 21, 0.18)',
          boxSizing: 'border-box',
          pointerEvents: 'none',
        }}
      />
    </div>
  );
}
