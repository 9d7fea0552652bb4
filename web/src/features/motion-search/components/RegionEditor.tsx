import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { cameraAspect, fullFrame, gridForCamera, isFullFrame } from '../roi';
import type { Roi } from '../types';
import { RoiSelector } from './RoiSelector';

export interface RegionEditorProps {
  camera: Camera;
  roi: Roi;
  /** Shown left of 'Whole frame'. */
  heading: ReactNode;
  /** Accessible name of the drawing area. */
  label: string;
  onChange: (roi: Roi) => void;
}

/** A camera's region drawn over its snapshot (at the camera's aspect ratio) on its motion grid, with 'Whole frame' to reset it. */
export function RegionEditor({ camera, roi, heading, label, onChange }: RegionEditorProps) {
  const { t } = useTranslation('motionSearch');
  const grid = gridForCamera(camera);
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        {heading}
        <Button
          variant="subtle"
          size="compact-xs"
          style={{ flexShrink: 0 }}
          disabled={isFullFrame(roi, grid)}
          onClick={() => onChange(fullFrame(grid))}
        >
          {t('whole-frame')}
        </Button>
      </Group>
      <RoiSelector
        roi={roi}
        imageUrl={camera.channel.snapshot_url ?? null}
        label={label}
        grid={grid}
        aspect={cameraAspect(camera)}
        onChange={onChange}
      />
    </>
  );
}
