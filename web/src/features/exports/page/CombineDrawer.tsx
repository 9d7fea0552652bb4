import { ActionIcon, Button, Drawer, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../exportsApi';
import { isValidFilename } from '../filename';
import { exportRangeText } from '../format';
import type { ExportClock } from '../hooks/useExportClock';

export interface CombineDrawerProps {
  opened: boolean;
  /** The selected jobs. */
  jobs: readonly ExportJob[];
  clock: ExportClock;
  onClose: () => void;
  /** Combines the jobs in this order; resolves true when the combined job was created. */
  onCombine: (jobIds: number[], filename: string) => Promise<boolean>;
}

/** Combines the selected exports into one file: an optional filename and the order they play in. */
export function CombineDrawer({ opened, jobs, clock, onClose, onCombine }: CombineDrawerProps) {
  const { t } = useTranslation('exports');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('combine-title')} closeButtonProps={{ 'aria-label': t('close') }}>
      <CombineForm jobs={jobs} clock={clock} onClose={onClose} onCombine={onCombine} />
    </Drawer>
  );
}

function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by], next[index]];
  return next;
}

/** The drawer's content, made anew each time it opens: the clips start in recorded order (earliest first). */
function CombineForm({ jobs, clock, onClose, onCombine }: Omit<CombineDrawerProps, 'opened'>) {
  const { t } = useTranslation('exports');
  const [order, setOrder] = useState(() => [...jobs].sort((a, b) => a.t0 - b.t0 || a.id - b.id).map((job) => job.id));
  const [filename, setFilename] = useState('');
  const [busy, setBusy] = useState(false);
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const clips = order.flatMap((id) => byId.get(id) ?? []);
  const valid = isValidFilename(filename);

  const submit = async () => {
    setBusy(true);
    const done = await onCombine(
      clips.map((job) => job.id),
      filename.trim(),
    );
    setBusy(false);
    if (done) onClose();
  };

  return (
    <Stack gap="md">
      <TextInput
        label={t('filename')}
        placeholder={t('filename-optional')}
        value={filename}
        onChange={(event) => setFilename(event.currentTarget.value)}
        error={valid ? undefined : t('filename-rule')}
        rightSection={<Text size="xs" c="dimmed">.mp4</Text>}
        rightSectionWidth={40}
      />
      <Text size="sm" fw={500}>
        {t('combine-order')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('combine-hint')}
      </Text>
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('combine-order')}>
        {clips.map((job, index) => (
          <Paper component="li" key={job.id} withBorder p="xs" data-testid="combine-clip">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {index + 1}. {job.filename}
                </Text>
                <Text size="xs" c="dimmed">
                  {job.camera_name} · {exportRangeText(job.t0, job.t1, clock.timeZone, clock.timeMode)}
                </Text>
              </Stack>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('move-up', { name: job.filename })}
                  disabled={index === 0}
                  onClick={() => setOrder(moved(clips.map((clip) => clip.id), index, -1))}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('move-down', { name: job.filename })}
                  disabled={index === clips.length - 1}
                  onClick={() => setOrder(moved(clips.map((clip) => clip.id), index, 1))}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={busy} disabled={!valid || clips.length < 2}>
          {t('combine')}
        </Button>
      </Group>
    </Stack>
  );
}
