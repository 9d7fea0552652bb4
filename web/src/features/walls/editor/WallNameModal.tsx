import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALL_NAME_MAX_LENGTH } from './constants';

export interface WallNameModalProps {
  opened: boolean;
  initialName: string;
  saving: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** The wall name modal of a new wall (spec 02 §2): save is disabled while the name is empty. */
export function WallNameModal({ opened, initialName, saving, onSubmit, onClose }: WallNameModalProps) {
  const { t } = useTranslation('wallEditor');
  return (
    <Modal opened={opened} onClose={saving ? () => undefined : onClose} title={t('name-your-wall')}>
      {/* Remounted per opening so the input starts from the wall's current name. */}
      {opened && <NameForm initialName={initialName} saving={saving} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function NameForm({ initialName, saving, onSubmit, onClose }: Omit<WallNameModalProps, 'opened'>) {
  const { t } = useTranslation('wallEditor');
  const [name, setName] = useState(initialName);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('wall-name')}
          placeholder={t('name-placeholder')}
          value={name}
          maxLength={WALL_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!trimmed} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
