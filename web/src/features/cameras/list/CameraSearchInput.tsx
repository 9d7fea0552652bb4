import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface CameraSearchInputProps {
  value: string;
  onChange: (value: string) => void;
}

/** 'Camera search' box (label for screen readers, placeholder 'Cameras and tags'). */
export function CameraSearchInput({ value, onChange }: CameraSearchInputProps) {
  const { t } = useTranslation('cameras');
  return (
    <TextInput
      type="search"
      aria-label={t('camera-search')}
      placeholder={t('camera-search-placeholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton size="sm" aria-label={t('clear-search')} onClick={() => onChange('')} /> : null
      }
    />
  );
}
