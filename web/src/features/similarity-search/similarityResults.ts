import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TimeMode } from '../timeline';
import type { SimilaritySettings } from './similaritySettings';
import type { SimilarTrack } from './types';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/** A result at least `threshold` % similar (a result without a percentage never is). */
export function meetsThreshold(track: Pick<SimilarTrack, 'similarityPercent'>, threshold: number): boolean {
  return track.similarityPercent !== null && track.similarityPercent >= threshold;
}

/**
 * The results shown: at least the threshold, not of a hidden camera, by first sighting in the sort order (ties: the
 * more similar first).
 */
export function shownResults(
  tracks: readonly SimilarTrack[],
  settings: Pick<SimilaritySettings, 'threshold' | 'hiddenSerials' | 'sortOrder'>,
): SimilarTrack[] {
  const hidden = new Set(settings.hiddenSerials);
  const sign = settings.sortOrder === 'descending' ? -1 : 1;
  return tracks
    .filter((track) => meetsThreshold(track, settings.threshold) && !hidden.has(track.serial))
    .sort((a, b) => sign * (a.t0 - b.t0) || (b.similarityPercent ?? 0) - (a.similarityPercent ?? 0));
}

export interface ResultEntry {
  track: SimilarTrack;
  /** Position in the whole shown list (the detail viewer steps through it). */
  index: number;
}

export interface CameraResults {
  serial: string;
  cameraId: number;
  entries: ResultEntry[];
}

export interface SimilarityDay {
  /** `YYYY-MM-DD` in the network's zone. */
  day: string;
  count: number;
  /** One card per camera, in the order of its first result that day. */
  cameras: CameraResults[];
}

/** Consecutive results of one day (first sighting, in the zone) form a day; within it, one card per camera. */
export function groupResults(tracks: readonly SimilarTrack[], timeZone: string): SimilarityDay[] {
  const days: SimilarityDay[] = [];
  tracks.forEach((track, index) => {
    const day = dayjs(track.t0).tz(timeZone).format('YYYY-MM-DD');
    let group = days[days.length - 1];
    if (!group || group.day !== day) {
      group = { day, count: 0, cameras: [] };
      days.push(group);
    }
    group.count += 1;
    let camera = group.cameras.find((entry) => entry.serial === track.serial);
    if (!camera) {
      camera = { serial: track.serial, cameraId: track.cameraId, entries: [] };
      group.cameras.push(camera);
    }
    camera.entries.push({ track, index });
  });
  return days;
}

/** Thumbnails per row: floor(window width / (2 × thumbnail width)), at least 1 (spec 03 §2). */
export function similarityColumns(windowWidthPx: number, thumbnailWidthPx: number): number {
  return Math.max(1, Math.floor(windowWidthPx / (2 * thumbnailWidthPx)));
}

/** A timeframe end such as 'Jan 1st, 3:04:05 pm' (12-hour) or 'Jan 1st, 15:04:05', in the zone. */
export function timeframeText(ms: number, timeZone: string, timeMode: TimeMode): string {
  return dayjs(ms).tz(timeZone).format(timeMode === 12 ? 'MMM Do, h:mm:ss a' : 'MMM Do, HH:mm:ss');
}

/** A JPEG given as base64 as an image address. */
export function jpegSource(b64Image: string): string {
  return `data:image/jpeg;base64,${b64Image}`;
}
