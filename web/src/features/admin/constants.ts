/** Limits of the contract's CameraInput (docs/api/openapi.yaml). */
export const MAX_NAME_LENGTH = 120;
export const MAX_MODEL_LENGTH = 60;
export const MAX_NOTES_LENGTH = 2000;
export const MAX_TAG_LENGTH = 60;
export const MAX_TAGS = 50;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;
export const DEFAULT_RETENTION_DAYS = 30;
/** The contract sets no URL length; this only stops pasted garbage. */
export const MAX_URL_LENGTH = 2048;
/** Imagers (sensors) of one camera: 1 for most cameras, 4 for an MV93; imager_id 1 … 15 beside imager 0. */
export const MIN_IMAGER_COUNT = 1;
export const MAX_IMAGER_COUNT = 16;
