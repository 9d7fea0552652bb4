import '../bookmarksTexts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Camera } from '../../../api/types';
import { HintTooltip } from '../../../components/HintTooltip';
import type { TimeMode } from '../../timeline/timeFormat';
import type { TimeWindow } from '../../timeline/timeScale';
import { formatRange } from '../format';
import { placeMarks } from './markPlacement';
import { useWindowBookmarks } from './useWindowBookmarks';

export interface BookmarkMarksProps {
  camera: Camera;
  window: TimeWindow;
  timeZone: string;
  timeMode: TimeMode;
  onSeek: (ms: number) => void;
}

const COLOR = 'var(--mantine-color-grape-6)';
const PIN_PX = 10;
/** The tooltip opens on keyboard focus as well as on hover. */
const FOCUS_TOO = { hover: true, focus: true, touch: false };

/**
 * The camera's bookmarks on the timeline track: each a translucent band over its range (drawn under the pointer, so
 * clicks there seek as elsewhere on the track) and a pin at its start, a button (Tab, Enter) with a tooltip holding the
 * description and range; the pin seeks to the bookmark's start. Violet, beside the orange motion blocks.
 */
export function BookmarkMarks({ camera, window, timeZone, timeMode, onSeek }: BookmarkMarksProps) {
  const { t } = useTranslation('bookmarks');
  const bookmarks = useWindowBookmarks(camera, window);
  const marks = useMemo(() => placeMarks(bookmarks, window), [bookmarks, window]);
  return (
    <>
      {marks.map(({ bookmark, startMs, endMs, startPercent, leftPercent, widthPercent }) => {
        const description = bookmark.description || t('no-description');
        const range = formatRange(startMs, endMs, timeZone, timeMode);
        return (
          <div key={bookmark.id}>
            <div
              data-testid="bookmark-band"
              style={{
                position: 'absolute',
                top: 24,
                bottom: 4,
                left: `${leftPercent}%`,
                width: `${widthPercent}%`,
                background: COLOR,
                opacity: 0.18,
                pointerEvents: 'none',
              }}
            />
            {startPercent >= 0 && (
              <HintTooltip label={`${description} · ${range}`} multiline maw={280} withArrow events={FOCUS_TOO}>
                <button
                  type="button"
                  data-testid="bookmark-mark"
                  aria-label={t('mark-label', { description, range })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSeek(startMs);
                  }}
                  style={{
                    position: 'absolute',
                    top: 24,
                    left: `${startPercent}%`,
                    width: PIN_PX,
                    height: PIN_PX,
                    padding: 0,
                    border: 'none',
                    borderRadius: '0 4px 4px 0',
                    background: COLOR,
                    cursor: 'pointer',
                  }}
                />
              </HintTooltip>
            )}
          </div>
        );
      })}
    </>
  );
}
