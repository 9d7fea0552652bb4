import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChevronLeft, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { useCanManageCameras } from '../../admin/useCanManageCameras';
import { useCurrentUser } from '../../auth/hooks';
import { formatDuration, type TimeMode } from '../../timeline/timeFormat';
import { bookmarkEndMs, bookmarkStartMs } from '../bookmarkPages';
import { useDeleteBookmarkMutation } from '../bookmarksApi';
import { formatDateTimeInYear, formatRange } from '../format';
import type { Bookmark } from '../types';

export interface BookmarkDetailProps {
  camera: Camera;
  bookmark: Bookmark;
  timeZone: string;
  timeMode: TimeMode;
  onBack: () => void;
  onClose: () => void;
  /** Seeks the player to the bookmark's start. */
  onJump: () => void;
}

/**
 * A bookmark's detail view (spec 03 §2): description, range, duration, creator and creation time, with back (to the
 * list), close (the drawer), 'Jump to video' and, for its creator or an administrator of the network (the server's
 * rule), delete after a confirmation.
 */
export function BookmarkDetail({ camera, bookmark, timeZone, timeMode, onBack, onClose, onJump }: BookmarkDetailProps) {
  const { t } = useTranslation('bookmarks');
  const user = useCurrentUser();
  const administrator = useCanManageCameras(camera.network_id);
  const canDelete = administrator || (user !== null && bookmark.userId === user.id);
  const [confirming, setConfirming] = useState(false);
  const [remove, { isLoading: deleting, isError: deleteFailed }] = useDeleteBookmarkMutation();
  const startMs = bookmarkStartMs(bookmark);
  const endMs = bookmarkEndMs(bookmark);

  const confirmDelete = async () => {
    const deleted = await remove({ orgId: camera.organization_id, serial: camera.serial, id: bookmark.id })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    setConfirming(false);
    if (!deleted) return;
    notifications.show({ message: t('deleted'), color: 'green' });
    onBack();
  };

  return (
    <Stack gap="md" data-testid="bookmark-detail">
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconChevronLeft size={14} aria-hidden />}
          onClick={onBack}
        >
          {t('back')}
        </Button>
        <Button variant="default" size="compact-sm" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
      <Title order={3} size="h4" c={bookmark.description ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {bookmark.description || t('no-description')}
      </Title>
      <Field label={t('time-range')} value={formatRange(startMs, endMs, timeZone, timeMode)} />
      <Field label={t('duration')} value={formatDuration(endMs - startMs)} />
      <Field label={t('creator')} value={bookmark.userName} />
      <Field label={t('created-at')} value={formatDateTimeInYear(Date.parse(bookmark.createdAt), timeZone, timeMode)} />
      {deleteFailed && (
        <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} role="alert" data-testid="delete-error">
          {t('delete-error')}
        </Alert>
      )}
      <Group justify="space-between">
        <Button leftSection={<IconPlayerPlay size={14} aria-hidden />} onClick={onJump}>
          {t('jump-to-video')}
        </Button>
        {canDelete && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('delete')}
          </Button>
        )}
      </Group>
      <ConfirmDeleteModal
        opened={confirming}
        title={t('delete-title')}
        message={t('delete-question')}
        cancelLabel={t('cancel')}
        deleteLabel={t('delete')}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
