import { Button, Drawer } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { lazy, type RefObject, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { loadBookmarkParts } from '../loadParts';
import { useCanBookmark } from '../useCanBookmark';

/** The drawer, its calls, the time picker and the texts are their own chunk: the camera page has no room for them. */
const loadDrawer = () => loadBookmarkParts().then((parts) => parts.loadBookmarksDrawer());
const BookmarksDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.BookmarksDrawer })));

export interface BookmarkButtonProps {
  camera: Camera;
  /** Where the viewer keeps the time it plays (null when live): a new bookmark's timeframe is around it. */
  playheadRef?: RefObject<number | null>;
}

/**
 * The camera page's 'Clip bookmark' action (spec 02 §2): only with the flag has_camera_investigation and the
 * historical right. Opens the bookmarks drawer (spec 03 §2), whose code is fetched when the pointer or focus reaches
 * the button, or at the latest on the click (an empty drawer shows meanwhile); the drawer mounts on the first opening
 * and stays mounted. Part of the camera page's own code (texts in `cameras`): keep it small.
 */
export function BookmarkButton({ camera, playheadRef }: BookmarkButtonProps) {
  const { t } = useTranslation('cameras');
  const allowed = useCanBookmark(camera);
  const [opened, setOpened] = useState(false);
  // The player's time at the last opening; undefined until the first (the drawer is not mounted before).
  const [playheadMs, setPlayheadMs] = useState<number | null>();
  if (!allowed) return null;
  const prefetch = () => void loadDrawer();
  const close = () => setOpened(false);
  const loading = <Drawer opened={opened} onClose={close} position="right" size="md" title={t('bookmarks')} />;
  return (
    <>
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconBookmark size={14} aria-hidden />}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setPlayheadMs(playheadRef?.current ?? null);
          setOpened(true);
        }}
      >
        {t('clip-bookmark')}
      </Button>
      {playheadMs !== undefined && (
        <Suspense fallback={loading}>
          <BookmarksDrawer opened={opened} onClose={close} camera={camera} playheadMs={playheadMs} />
        </Suspense>
      )}
    </>
  );
}
