import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WAIT_S, MIN_WAIT_S, type ValidationError, validateRotation } from '../model/rotation';
import type { WallRotation, WallRotationInput } from '../rotationsApi';
import type { VideoWall } from '../wallsApi';
import { WallSequencePicker } from './WallSequencePicker';

export interface RotationModalProps {
  opened: boolean;
  /** The rotation to edit; null for a new one. */
  rotation: WallRotation | null;
  walls: readonly VideoWall[];
  saving: boolean;
  /** Resolves true when saved (the modal then closes); on false the form keeps what was entered. */
  onSubmit: (body: WallRotationInput) => Promise<boolean>;
  onClose: () => void;
}

/** The create/edit rotation modal (spec 02 §2 "Rotation screens", §5): name, wait per wall, walls in order. */
export function RotationModal({ opened, rotation, walls, saving, onSubmit, onClose }: RotationModalProps) {
  const { t } = useTranslation('walls');
  return (
    <Modal opened={opened} onClose={saving ? () => undefined : onClose} title={t(rotation ? 'edit-rotation' : 'new-rotation')}>
      {/* Remounted per opening so the form starts from the rotation (or the defaults). */}
      {opened && <RotationForm rotation={rotation} walls={walls} saving={saving} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

const asSeconds = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value));

function RotationForm({ rotation, walls, saving, onSubmit, onClose }: Omit<RotationModalProps, 'opened'>) {
  const { t } = useTranslation('walls');
  const [name, setName] = useState(rotation?.name ?? '');
  const [nameTouched, setNameTouched] = useState(false);
  const [wait, setWait] = useState<number | string>(rotation?.waitDuration ?? DEFAULT_WAIT_S);
  const [sequence, setSequence] = useState<number[]>(() => (rotation?.videoWallSequence ?? []).map(Number));
  const { errors, isValid } = validateRotation(
    { name, waitDuration: asSeconds(wait), videoWallSequence: sequence },
    { name: nameTouched },
  );
  const message = (error?: ValidationError) => (error ? t(error.key, error.values) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNameTouched(true);
    if (!isValid || saving) return;
    void onSubmit({ name: name.trim(), waitDuration: asSeconds(wait), videoWallSequence: sequence });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('rotation-name')}
          placeholder={t('rotation-name-placeholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameTouched(true);
          }}
          onBlur={() => setNameTouched(true)}
          error={message(errors.name)}
          required
          data-autofocus
        />
        <NumberInput
          label={t('wait-duration')}
          description={t('wait-duration-hint', { min: MIN_WAIT_S })}
          value={wait}
          onChange={setWait}
          error={message(errors.waitDuration)}
          allowNegative={false}
          required
        />
        <WallSequencePicker walls={walls} sequence={sequence} error={message(errors.videoWallSequence)} onChange={setSequence} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('rotation-cancel')}
          </Button>
          <Button type="submit" disabled={!isValid} loading={saving}>
            {t('rotation-save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
