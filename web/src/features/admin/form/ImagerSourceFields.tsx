import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldError, ImagerErrors, ImagerUrlField, ImagerUrls } from '../cameraForm';
import { RtspUrlInput } from './RtspUrlInput';

export interface ImagerSourceFieldsProps {
  /** The imagers 1 … count − 1 to show (`activeImagers`). */
  imagers: ImagerUrls[];
  errors?: Record<number, ImagerErrors>;
  /** As RtspUrlInput's: passwords start visible while adding, hidden while editing a stored source. */
  initiallyRevealed: boolean;
  onChange: (imagerId: number, field: ImagerUrlField, value: string) => void;
}

/**
 * The main and sub-stream URL of each further imager of a multi-imager camera. People count imagers from 1 as the
 * camera page does: imager_id k is 'Imager k+1' (imager_id 0, 'Imager 1', uses the camera's own URL fields).
 */
export function ImagerSourceFields({ imagers, errors, initiallyRevealed, onChange }: ImagerSourceFieldsProps) {
  const { t } = useTranslation('admin');
  const errorText = (error: FieldError | undefined) => (error ? t(error.key, error.values) : undefined);
  return imagers.map(({ imagerId, mainUrl, subUrl }) => {
    const number = imagerId + 1;
    return (
      <Stack key={imagerId} gap="xs" role="group" aria-label={t('imager-group', { number })}>
        <RtspUrlInput
          label={t('field-imager-main-url', { number })}
          value={mainUrl}
          error={errorText(errors?.[imagerId]?.mainUrl)}
          initiallyRevealed={initiallyRevealed}
          onChange={(value) => onChange(imagerId, 'mainUrl', value)}
        />
        <RtspUrlInput
          label={t('field-imager-sub-url', { number })}
          value={subUrl}
          error={errorText(errors?.[imagerId]?.subUrl)}
          initiallyRevealed={initiallyRevealed}
          onChange={(value) => onChange(imagerId, 'subUrl', value)}
        />
      </Stack>
    );
  });
}
