import '../bookmarksTexts';
import { Drawer, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { useCurrentNetwork } from '../../auth/hooks';
import { usePreference } from '../../preferences';
import { resolveTimeZone } from '../../timeline/timeFormat';
import { BOOKMARKS_DRAWER } from '../constants';
import { useSeekToBookmark } from '../hooks/useSeekToBookmark';
import type { Bookmark } from '../types';
import { BookmarkDetail } from './BookmarkDetail';
import { CreateBookmarkForm } from './CreateBookmarkForm';
import { SavedBookmarks } from './SavedBookmarks';

export interface BookmarksDrawerProps {
  opened: boolean;
  onClose: () => void;
  camera: Camera;
  /** The time the player was at when the drawer was opened; null when live. */
  playheadMs: number | null;
}

export type BookmarksTab = 'create' | 'saved';

/**
 * The bookmarks drawer of the camera page (spec 03 §2, side drawer key BOOKMARKS): tabs 'create' (clip bookmark) and
 * 'saved' (the camera's bookmarks, loaded page by page), and a bookmark's detail view with back and close. Its content
 * starts afresh at each opening (the create form around the player's time then).
 */
export function BookmarksDrawer({ opened, onClose, camera, playheadMs }: BookmarksDrawerProps) {
  const { t } = useTranslation('bookmarks');
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={t('bookmarks')}>
      <BookmarksPanel camera={camera} playheadMs={playheadMs} onClose={onClose} />
    </Drawer>
  );
}

function BookmarksPanel({ camera, playheadMs, onClose }: Omit<BookmarksDrawerProps, 'opened'>) {
  const { t } = useTranslation('bookmarks');
  const timeZone = resolveTimeZone(useCurrentNetwork()?.timezone);
  const timeMode = usePreference('timeMode');
  const seek = useSeekToBookmark();
  const [tab, setTab] = useState<BookmarksTab>('create');
  const [shown, setShown] = useState<Bookmark | null>(null);
  const open = (bookmark: Bookmark) => {
    setShown(bookmark);
    seek(bookmark);
  };

  return (
    <div data-testid="bookmarks-drawer" data-drawer={BOOKMARKS_DRAWER}>
      {shown ? (
        <BookmarkDetail
          camera={camera}
          bookmark={shown}
          timeZone={timeZone}
          timeMode={timeMode}
          onBack={() => setShown(null)}
          onClose={onClose}
          onJump={() => seek(shown)}
        />
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value === 'saved' ? 'saved' : 'create')}>
          <Tabs.List mb="md">
            <Tabs.Tab value="create">{t('create')}</Tabs.Tab>
            <Tabs.Tab value="saved">{t('saved')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="create">
            <CreateBookmarkForm
              camera={camera}
              playheadMs={playheadMs}
              timeZone={timeZone}
              onCreated={() => setTab('saved')}
            />
          </Tabs.Panel>
          <Tabs.Panel value="saved">
            <SavedBookmarks camera={camera} timeZone={timeZone} timeMode={timeMode} onOpen={open} />
          </Tabs.Panel>
        </Tabs>
      )}
    </div>
  );
}
