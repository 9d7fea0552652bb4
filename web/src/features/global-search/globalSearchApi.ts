import { baseApi } from '../../api/baseApi';
import type { components } from '../../api/schema.gen';

/** The answer of `GET /vision/search`: the matches of each category, each ranked by the server. */
export type GlobalSearchResults = components['schemas']['GlobalSearchResults'];
export type CameraMatch = GlobalSearchResults['camera'][number];
export type WallMatch = GlobalSearchResults['video_wall'][number];
export type ExportMatch = GlobalSearchResults['export_job'][number];

export interface GlobalSearchArg {
  /** The trimmed text, at least 2 characters (the server answers 400 below that). */
  q: string;
  /** At most this many results per category (1–50). */
  limit: number;
}

/**
 * Global search (spec 03 §7 "Global search"): `GET /vision/search?q&limit` over the cameras, video walls and export
 * jobs of the session's organization that the user may see. All categories are asked for (no `categories`).
 */
export const globalSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchGlobal: build.query<GlobalSearchResults, GlobalSearchArg>({
      query: ({ q, limit }) => ({ url: '/vision/search', params: { q, limit } }),
      // Going back to a text typed a moment ago shows its results at once; older answers go.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchGlobalQuery } = globalSearchApi;
