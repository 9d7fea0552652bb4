import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { exceedsMs, TimeRangePicker } from '../../../components/timePicker';
import { useCreateBookmarkMutation } from '../bookmarksApi';
import { defaultTimeframe } from '../bookmarkTime';
import { DESCRIPTION_MAX_LENGTH, MAX_BOOKMARK_MS } from '../constants';

export interface CreateBookmarkFormProps {
  camera: Camera;
  /** The player's time when the drawer opened (null when live): the timeframe is around it. */
  playheadMs: number | null;
  timeZone: string;
  onCreated: () => void;
}

/**
 * The 'create' tab (spec 03 §2, §4, §5): a description and a timeframe, by default the player's time +/- 5 minutes
 * capped at now. Saving, then the 'creation-error' banner or, on success, the owner switches to the saved list. The
 * server takes at most 24 hours: a longer timeframe is warned about and cannot be saved.
 */
export function CreateBookmarkForm({ camera, playheadMs, timeZone, onCreated }: CreateBookmarkFormProps) {
  const { t } = useTranslation('bookmarks');
  const [description, setDescription] = useState('');
  const [range, setRange] = useState(() => defaultTimeframe(playheadMs, Date.now()));
  const [create, { isLoading: saving, isError: failed }] = useCreateBookmarkMutation();
  const tooLong = exceedsMs(range, MAX_BOOKMARK_MS);

  const save = async () => {
    const arg = { orgId: camera.organization_id, serial: camera.serial, description: description.trim(), ...range };
    const created = await create(arg).unwrap().then(
      () => true,
      () => false,
    );
    if (!created) return;
    setDescription('');
    setRange(defaultTimeframe(playheadMs, Date.now()));
    onCreated();
  };

  return (
    <Stack gap="md" data-testid="create-bookmark">
      <Textarea
        label={t('description')}
        placeholder={t('description-placeholder')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={DESCRIPTION_MAX_LENGTH}
        rows={3}
        disabled={saving}
      />
      <TimeRangePicker
        value={range}
        onChange={setRange}
        timeZone={timeZone}
        maxDurationMinutes={MAX_BOOKMARK_MS / 60_000}
        disabled={saving}
      />
      {failed && (
        <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} data-testid="creation-error" role="alert">
          {t('creation-error')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving} disabled={tooLong}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
