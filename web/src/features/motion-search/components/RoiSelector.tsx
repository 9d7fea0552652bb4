import { type PointerEvent, useRef, useState } from 'react';
import { MOTION_GRID } from '../constants';
import { type Cell, cellAt, type Grid, rectBetween, roiParam, roiPercent } from '../roi';
import type { Roi } from '../types';

export interface RoiSelectorProps {
  roi: Roi;
  /** Backdrop: the camera's snapshot (null: a dark area). */
  imageUrl: string | null;
  label: string;
  grid?: Grid;
  onChange: (roi: Roi) => void;
}

/** A region drawn by dragging over the camera image, snapped to the cells of the motion grid (at least 1×1). */
export function RoiSelector({ roi, imageUrl, label, grid = MOTION_GRID, onChange }: RoiSelectorProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  const [draft, setDraft] = useState<Roi | null>(null);

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
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        setAnchor(null);
        setDraft(null);
      }}
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${grid.cols} / ${grid.rows}`,
        backgroundColor: '#111',
        backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        backgroundSize: '100% 100%',
        cursor: 'crosshair',
        touchAction: 'none',
        userSelect: 'none',
        borderRadius: 4,
        overflow: 'hidden',
      }}
    >
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
