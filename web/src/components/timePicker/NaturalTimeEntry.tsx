import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NaturalTimeEntryProps {
  /** The moment a phrase names (bounds applied), or null when it names none. */
  resolve: (text: string) => number | null;
  onApply: (ms: number) => void;
  onHelp: () => void;
}

/**
 * The text entry for times in words ('yesterday 3pm'), its help button and Go. Go or Enter applies the phrase; a
 * phrase that names no time says 'Could not understand that time' and leaves the picked time as it was.
 */
export function NaturalTimeEntry({ resolve, onApply, onHelp }: NaturalTimeEntryProps) {
  const { t } = useTranslation('timePicker');
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);

  const apply = () => {
    const ms = resolve(text);
    setFailed(ms === null);
    if (ms !== null) {
      setText('');
      onApply(ms);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        data-autofocus
        style={{ flex: 1 }}
        label={t('entry-label')}
        placeholder={t('entry-placeholder')}
        value={text}
        error={failed ? t('parse-error') : undefined}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setFailed(false);
        }}
        onKeyDown={onKeyDown}
      />
      <ActionIcon variant="default" size="input-sm" mt={25} aria-label={t('help')} onClick={onHelp}>
        <IconQuestionMark size={16} aria-hidden />
      </ActionIcon>
      <Button mt={25} onClick={apply}>
        {t('go')}
      </Button>
    </Group>
  );
}
