import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import type { TimeMode } from '../../timeline/timeFormat';
import { LIST_BOTTOM_MARGIN_PX } from '../constants';
import { useCameraBookmarks } from '../hooks/useCameraBookmarks';
import type { Bookmark } from '../types';
import { BookmarkListItem } from './BookmarkListItem';

export interface SavedBookmarksProps {
  camera: Camera;
  timeZone: string;
  timeMode: TimeMode;
  onOpen: (bookmark: Bookmark) => void;
}

/** The list is scrolled to within the margin of its bottom, or does not fill its area. */
function nearBottom(element: HTMLElement | null): boolean {
  return !element || element.scrollHeight - element.scrollTop - element.clientHeight < LIST_BOTTOM_MARGIN_PX;
}

/**
 * The 'saved' tab (spec 03 §2): the camera's bookmarks, newest first, the next page asked for when the list is
 * scrolled near its bottom (or does not fill its area). 'empty-bookmarks' when there are none; the 'fetch-error'
 * banner when a page fails (the list then stops loading until 'Try again').
 */
export function SavedBookmarks({ camera, timeZone, timeMode, onOpen }: SavedBookmarksProps) {
  const { t } = useTranslation('bookmarks');
  const list = useCameraBookmarks(camera);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { loadMore, bookmarks } = list;

  useEffect(() => {
    if (nearBottom(scrollRef.current)) loadMore();
  }, [bookmarks.length, loadMore]);

  if (list.loading) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  const fetchError = list.error && (
    <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} data-testid="fetch-error" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('fetch-error')}</Text>
        <Button size="compact-xs" variant="light" color="red" onClick={list.retry}>
          {t('try-again')}
        </Button>
      </Stack>
    </Alert>
  );
  if (bookmarks.length === 0) {
    return (
      fetchError || (
        <Text c="dimmed" ta="center" py="lg" data-testid="empty-bookmarks">
          {t('empty-bookmarks')}
        </Text>
      )
    );
  }
  return (
    <div
      ref={scrollRef}
      onScroll={() => {
        if (nearBottom(scrollRef.current)) loadMore();
      }}
      data-testid="bookmarks-scroll"
      style={{ maxHeight: 'calc(100dvh - 140px)', overflowY: 'auto' }}
    >
      <Stack gap="xs" component="ul" aria-label={t('saved-list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {bookmarks.map((bookmark) => (
          <li key={bookmark.id}>
            <BookmarkListItem bookmark={bookmark} timeZone={timeZone} timeMode={timeMode} onOpen={onOpen} />
          </li>
        ))}
      </Stack>
      {list.loadingMore && (
        <Center py="sm">
          <Loader size="xs" aria-label={t('loading-more')} />
        </Center>
      )}
      {fetchError}
    </div>
  );
}
