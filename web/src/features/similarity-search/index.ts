// Pieces of the similarity search that the event search page uses. The page itself is its own chunk
// (app/pageChunks.ts imports SimilaritySearchPage.tsx), so it is not exported here.
export { TrackThumbnail } from './components/TrackThumbnail';
export { DEFAULT_TOLERANCE, MATCH_WINDOW_S, SIMILARITY_THUMBNAILS, TOLERANCE_MAX } from './constants';
export { similarityApi, useThumbnailTracksQuery } from './similarityApi';
export { jobFailure, runSimilarityJob, type SimilarityJobErrorKind } from './similarityJob';
export { similarityPath, similarityRequest } from './similaritySettings';
export type { ObjectClass, SimilarTrack } from './types';
