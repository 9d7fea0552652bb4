import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasUrlPassword, maskUrlPassword } from '../cameraForm';

export interface RtspUrlInputProps {
  label: string;
  description?: string;
  placeholder?: string;
  value: string;
  error?: string;
  required?: boolean;
  /**
   * Whether a password in the URL starts hidden (editing a stored source) or visible (typing a new one); a field that
   * starts empty holds no stored password, so what is typed into it stays visible and editable.
   */
  initiallyRevealed: boolean;
  onChange: (value: string) => void;
}

/**
 * An RTSP URL field whose password part can be masked. While masked the field is read-only (editing masked text
 * would corrupt the URL); 'Show password' reveals and unlocks it.
 */
export function RtspUrlInput({ initiallyRevealed, value, onChange, ...props }: RtspUrlInputProps) {
  const { t } = useTranslation('admin');
  const [revealed, setRevealed] = useState(initiallyRevealed || value.length === 0);
  const withPassword = hasUrlPassword(value);
  const masked = withPassword && !revealed;
  const toggleLabel = masked ? t('show-password') : t('hide-password');
  return (
    <TextInput
      {...props}
      value={masked ? maskUrlPassword(value) : value}
      readOnly={masked}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={false}
      autoComplete="off"
      rightSection={
        withPassword ? (
          <Tooltip label={toggleLabel}>
            <ActionIcon variant="subtle" color="gray" aria-label={toggleLabel} onClick={() => setRevealed(masked)}>
              {masked ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        ) : undefined
      }
    />
  );
}
