import { exportDetailPath } from '../exports/exportPaths';
import { wallPath } from '../walls/wallModel';
import type { CameraMatch, ExportMatch, GlobalSearchResults, WallMatch } from './globalSearchApi';

/** The search starts after this much idle typing (spec 03 §5 "Global search"). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Shorter (trimmed) texts are not searched; from this length on, an empty answer reads 'No results'. */
export const MIN_QUERY_LENGTH = 2;
/** The server cuts longer texts; so does the input. */
export const MAX_QUERY_LENGTH = 100;
/** Results asked for per category. */
export const RESULTS_PER_CATEGORY = 5;

export type SearchCategory = keyof GlobalSearchResults;

/** The order of the groups in the list. */
export const CATEGORIES: readonly SearchCategory[] = ['camera', 'video_wall', 'export_job'];

/** One result of any category. */
export type SearchResult =
  | { category: 'camera'; item: CameraMatch }
  | { category: 'video_wall'; item: WallMatch }
  | { category: 'export_job'; item: ExportMatch };

export interface SearchGroup {
  category: SearchCategory;
  results: SearchResult[];
}

/** The text to search for: trimmed, cut at 100 characters; null when shorter than 2 characters. */
export function searchTerm(text: string): string | null {
  const term = text.trim().slice(0, MAX_QUERY_LENGTH);
  return term.length >= MIN_QUERY_LENGTH ? term : null;
}

/** The non-empty categories of an answer, in the list's order (cameras, video walls, exports). */
export function groupResults(results: GlobalSearchResults): SearchGroup[] {
  const groups: SearchGroup[] = [
    { category: 'camera', results: results.camera.map((item) => ({ category: 'camera', item })) },
    { category: 'video_wall', results: results.video_wall.map((item) => ({ category: 'video_wall', item })) },
    { category: 'export_job', results: results.export_job.map((item) => ({ category: 'export_job', item })) },
  ];
  return groups.filter((group) => group.results.length > 0);
}

/**
 * Where a result opens: a camera's page, a wall's page (spec 03 §2: `/n/{networkId}/video-walls/{videoWallId}`,
 * "reached from global search") or the exports page with the job's detail drawer open.
 */
export function resultPath(result: SearchResult): string {
  const { network_id: networkId, id } = result.item;
  switch (result.category) {
    case 'camera':
      return `/n/${networkId}/cameras/${id}`;
    case 'video_wall':
      return wallPath(networkId, id);
    case 'export_job':
      return exportDetailPath(networkId, id);
  }
}

/** A result's React key and element id part, unique across categories. */
export function resultKey(result: SearchResult): string {
  return `${result.category}-${result.item.id}`;
}

/** A camera's second line: its network, model and tags. */
export function cameraDetail(camera: CameraMatch): string {
  return [camera.network_name, camera.model, camera.tags.join(', ')].filter((part) => part.trim() !== '').join(' · ');
}
