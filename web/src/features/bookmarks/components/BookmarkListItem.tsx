import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimeMode } from '../../timeline/timeFormat';
import { bookmarkEndMs, bookmarkStartMs } from '../bookmarkPages';
import { formatRange } from '../format';
import type { Bookmark } from '../types';

export interface BookmarkListItemProps {
  bookmark: Bookmark;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (bookmark: Bookmark) => void;
}

/** One saved bookmark: description, range and creator; a click opens its detail (and seeks the player to its start). */
export function BookmarkListItem({ bookmark, timeZone, timeMode, onOpen }: BookmarkListItemProps) {
  const { t } = useTranslation('bookmarks');
  return (
    <UnstyledButton w="100%" onClick={() => onOpen(bookmark)} data-testid="bookmark-item">
      <Paper withBorder p="sm" radius="sm">
        <Text fw={500} lineClamp={2} c={bookmark.description ? undefined : 'dimmed'}>
          {bookmark.description || t('no-description')}
        </Text>
        <Text size="sm">{formatRange(bookmarkStartMs(bookmark), bookmarkEndMs(bookmark), timeZone, timeMode)}</Text>
        <Text size="xs" c="dimmed">
          {t('created-by', { name: bookmark.userName })}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}
