import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALL_NAME_MAX_LENGTH } from './constants';

export interface WallNameInputProps {
  name: string;
  disabled: boolean;
  /** A changed, non-empty name; resolves false when it was not saved (the input then shows the old name). */
  onCommit: (name: string) => Promise<boolean>;
}

/** Inline rename of a saved wall (spec 02 §2): Enter or blur commits, Escape restores the name. */
export function WallNameInput({ name, disabled, onCommit }: WallNameInputProps) {
  const { t } = useTranslation('wallEditor');
  const [draft, setDraft] = useState(name);
  const [committed, setCommitted] = useState(name);
  if (committed !== name) {
    // The wall's name changed from outside (a save): follow it.
    setCommitted(name);
    setDraft(name);
  }
  const commit = async () => {
    const trimmed = draft.trim();
    if (!trimmed || trimmed === name) {
      setDraft(name);
      return;
    }
    const saved = await onCommit(trimmed);
    if (!saved) setDraft(name);
  };
  return (
    <TextInput
      aria-label={t('wall-name')}
      placeholder={t('name-placeholder')}
      value={draft}
      maxLength={WALL_NAME_MAX_LENGTH}
      disabled={disabled}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          setDraft(name);
        }
      }}
      styles={{ input: { fontWeight: 600 } }}
      w={320}
    />
  );
}
