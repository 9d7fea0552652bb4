import { IconBookmark } from '@tabler/icons-react';
import { lazy, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { LazyDrawerButton } from '../../../components/lazyDrawerButton/LazyDrawerButton';
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
 * the button, or at the latest on the click (a loading drawer shows meanwhile); the drawer mounts on the first opening
 * and stays mounted (`LazyDrawerButton`). Part of the camera page's own code (texts in `cameras`): keep it small.
 */
export function BookmarkButton({ camera, playheadRef }: BookmarkButtonProps) {
  const { t } = useTranslation('cameras');
  const allowed = useCanBookmark(camera);
  // The player's time at the last opening (set on the click, before the drawer renders).
  const [playheadMs, setPlayheadMs] = useState<number | null>(null);
  if (!allowed) return null;
  return (
    <LazyDrawerButton
      label={t('clip-bookmark')}
      icon={<IconBookmark size={14} aria-hidden />}
      prefetch={loadDrawer}
      onOpen={() => setPlayheadMs(playheadRef?.current ?? null)}
      drawerTitle={t('bookmarks')}
      drawerSize="md"
      renderDrawer={(drawer) => <BookmarksDrawer {...drawer} camera={camera} playheadMs={playheadMs} />}
    />
  );
}
