import type { Camera, CameraInput, CameraSource } from '../../api/types';
import {
  DEFAULT_RETENTION_DAYS,
  MAX_IMAGER_COUNT,
  MAX_MODEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_RETENTION_DAYS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_URL_LENGTH,
  MIN_IMAGER_COUNT,
  MIN_RETENTION_DAYS,
} from './constants';

export type CameraFormMode = 'add' | 'edit';

/** The stream URLs of imager `imagerId` (1 … 15) of a multi-imager camera; imager 0's are the form's mainUrl/subUrl. */
export interface ImagerUrls {
  imagerId: number;
  mainUrl: string;
  subUrl: string;
}

/** What the add/edit form edits; retention and the imager count are a number or '' while the field is empty. */
export interface CameraFormValues {
  name: string;
  mainUrl: string;
  subUrl: string;
  model: string;
  tags: string[];
  notes: string;
  retentionDays: number | '';
  /** Fixed once the camera is added. */
  imagerCount: number | '';
  /**
   * One URL pair for each possible imager 1 … 15, in order; only those below the imager count are shown, checked and
   * sent (`activeImagers`), so lowering the count while typing keeps what was typed for the others.
   */
  imagers: ImagerUrls[];
}

export type CameraFormField = keyof CameraFormValues;
/** The fields that carry one message; the imagers' URLs carry theirs in `CameraFormErrors.imagers`. */
export type CameraFormErrorField = Exclude<CameraFormField, 'imagers'>;
export type ImagerUrlField = 'mainUrl' | 'subUrl';

/** An i18n key of the `admin` namespace with its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type ImagerErrors = Partial<Record<ImagerUrlField, FieldError>>;

export type CameraFormErrors = Partial<Record<CameraFormErrorField, FieldError>> & {
  /** By imager_id, only the imagers with a broken URL. */
  imagers?: Record<number, ImagerErrors>;
};

type ImagerInput = NonNullable<CameraInput['imagers']>[number];

function imagerSlots(source: CameraSource['imagers'] = []): ImagerUrls[] {
  return Array.from({ length: MAX_IMAGER_COUNT - 1 }, (_, index) => {
    const imager = source.find((entry) => entry.imager_id === index + 1);
    return { imagerId: index + 1, mainUrl: imager?.main_rtsp_url ?? '', subUrl: imager?.sub_rtsp_url ?? '' };
  });
}

export const EMPTY_CAMERA_FORM: CameraFormValues = {
  name: '',
  mainUrl: '',
  subUrl: '',
  model: '',
  tags: [],
  notes: '',
  retentionDays: DEFAULT_RETENTION_DAYS,
  imagerCount: MIN_IMAGER_COUNT,
  imagers: imagerSlots(),
};

export function editFormValues(camera: Camera, source: CameraSource): CameraFormValues {
  return {
    name: camera.name,
    mainUrl: source.main_rtsp_url ?? '',
    subUrl: source.sub_rtsp_url ?? '',
    model: camera.model,
    tags: [...camera.tags],
    notes: camera.notes,
    retentionDays: source.retention_days,
    imagerCount: camera.imager_count,
    imagers: imagerSlots(source.imagers),
  };
}

function isImagerCount(count: number | ''): count is number {
  return count !== '' && Number.isInteger(count) && count >= MIN_IMAGER_COUNT && count <= MAX_IMAGER_COUNT;
}

/** The imagers 1 … count − 1 the form shows, checks and sends; none while the count is not valid. */
export function activeImagers(values: CameraFormValues): ImagerUrls[] {
  return isImagerCount(values.imagerCount) ? values.imagers.slice(0, values.imagerCount - 1) : [];
}

/** The values with imager `imagerId`'s `field` set to `value`. */
export function withImagerUrl(
  values: CameraFormValues,
  imagerId: number,
  field: ImagerUrlField,
  value: string,
): CameraFormValues {
  const imagers = values.imagers.map((imager) =>
    imager.imagerId === imagerId ? { ...imager, [field]: value } : imager,
  );
  return { ...values, imagers };
}

const RTSP_URL = /^rtsps?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

export function isRtspUrl(value: string): boolean {
  return RTSP_URL.test(value);
}

function urlError(value: string, required: boolean): FieldError | undefined {
  if (value.length === 0) return required ? { key: 'error-main-url-required' } : undefined;
  if (!isRtspUrl(value)) return { key: 'error-url-format' };
  if (value.length > MAX_URL_LENGTH) return { key: 'error-too-long', values: { max: MAX_URL_LENGTH } };
  return undefined;
}

function tooLong(value: string, max: number): FieldError | undefined {
  return value.length > max ? { key: 'error-too-long', values: { max } } : undefined;
}

function tagsError(tags: string[]): FieldError | undefined {
  if (tags.length > MAX_TAGS) return { key: 'error-too-many-tags', values: { max: MAX_TAGS } };
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return { key: 'error-tag-too-long', values: { max: MAX_TAG_LENGTH } };
  return undefined;
}

function retentionError(days: number | ''): FieldError | undefined {
  const valid = days !== '' && Number.isInteger(days) && days >= MIN_RETENTION_DAYS && days <= MAX_RETENTION_DAYS;
  return valid ? undefined : { key: 'error-retention', values: { min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS } };
}

function imagerCountError(count: number | ''): FieldError | undefined {
  if (isImagerCount(count)) return undefined;
  return { key: 'error-imager-count', values: { min: MIN_IMAGER_COUNT, max: MAX_IMAGER_COUNT } };
}

function withoutUndefined<T extends object>(entries: T): T {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as T;
}

/** An imager may have no URL at all (it is then offline); a URL it has follows the camera's URL rules. */
function imagerErrors(imagers: ImagerUrls[]): Record<number, ImagerErrors> {
  const errors: Record<number, ImagerErrors> = {};
  for (const imager of imagers) {
    const found = withoutUndefined<ImagerErrors>({
      mainUrl: urlError(imager.mainUrl.trim(), false),
      subUrl: urlError(imager.subUrl.trim(), false),
    });
    if (Object.keys(found).length > 0) errors[imager.imagerId] = found;
  }
  return errors;
}

/**
 * The contract's rules (CameraInput): name 1–120, main URL rtsp:// or rtsps:// (required on add, and on edit once the
 * camera has one), model ≤ 60, notes ≤ 2000, ≤ 50 tags of ≤ 60, retention 1–3650 whole days, 1–16 imagers whose
 * URLs (imagers 1 … count − 1, each optional) are rtsp:// or rtsps://.
 */
export function validateCameraForm(values: CameraFormValues, mainRequired: boolean): CameraFormErrors {
  const name = values.name.trim();
  const imagers = imagerErrors(activeImagers(values));
  return withoutUndefined<CameraFormErrors>({
    name: name.length === 0 ? { key: 'error-name-required' } : tooLong(name, MAX_NAME_LENGTH),
    mainUrl: urlError(values.mainUrl.trim(), mainRequired),
    subUrl: urlError(values.subUrl.trim(), false),
    model: tooLong(values.model.trim(), MAX_MODEL_LENGTH),
    tags: tagsError(values.tags),
    notes: tooLong(values.notes, MAX_NOTES_LENGTH),
    retentionDays: retentionError(values.retentionDays),
    imagerCount: imagerCountError(values.imagerCount),
    imagers: Object.keys(imagers).length > 0 ? imagers : undefined,
  });
}

export function hasErrors(errors: CameraFormErrors): boolean {
  return Object.keys(errors).length > 0;
}

function metadata(values: CameraFormValues): CameraInput {
  return {
    name: values.name.trim(),
    model: values.model.trim(),
    tags: values.tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0),
    notes: values.notes,
    retention_days: values.retentionDays === '' ? DEFAULT_RETENTION_DAYS : values.retentionDays,
  };
}

/** An imager's entry of CameraInput.imagers: both URLs, an empty one as null (the entry replaces both). */
function imagerInput(imager: ImagerUrls): ImagerInput {
  const mainUrl = imager.mainUrl.trim();
  const subUrl = imager.subUrl.trim();
  return { imager_id: imager.imagerId, main_rtsp_url: mainUrl || null, sub_rtsp_url: subUrl || null };
}

function hasImagerUrl(imager: ImagerUrls): boolean {
  return imager.mainUrl.trim().length > 0 || imager.subUrl.trim().length > 0;
}

/**
 * POST body: everything filled in; an empty sub-stream is left out. A multi-imager camera adds its imager_count and
 * the imagers that have a URL.
 */
export function addCameraInput(values: CameraFormValues): CameraInput {
  const subUrl = values.subUrl.trim();
  const imagers = activeImagers(values);
  const filledImagers = imagers.filter(hasImagerUrl).map(imagerInput);
  return {
    ...metadata(values),
    main_rtsp_url: values.mainUrl.trim(),
    ...(subUrl.length > 0 ? { sub_rtsp_url: subUrl } : {}),
    ...(imagers.length > 0 ? { imager_count: imagers.length + 1 } : {}),
    ...(filledImagers.length > 0 ? { imagers: filledImagers } : {}),
  };
}

function imagerChanged(imager: ImagerUrls, initial: CameraFormValues): boolean {
  const before = initial.imagers.find((entry) => entry.imagerId === imager.imagerId);
  return imager.mainUrl.trim() !== (before?.mainUrl ?? '') || imager.subUrl.trim() !== (before?.subUrl ?? '');
}

/**
 * PUT body: the metadata, plus the stream URLs only when they changed (a changed source restarts ingest);
 * an emptied sub-stream is sent as null. Likewise only the imagers whose URLs changed are listed, an emptied one
 * with both URLs null (it loses its source); the imager count is never sent (it cannot change).
 */
export function editCameraInput(values: CameraFormValues, initial: CameraFormValues): CameraInput {
  const input: CameraInput = metadata(values);
  const mainUrl = values.mainUrl.trim();
  const subUrl = values.subUrl.trim();
  if (mainUrl !== initial.mainUrl && mainUrl.length > 0) input.main_rtsp_url = mainUrl;
  if (subUrl !== initial.subUrl) input.sub_rtsp_url = subUrl.length > 0 ? subUrl : null;
  const changedImagers = activeImagers(values).filter((imager) => imagerChanged(imager, initial));
  if (changedImagers.length > 0) input.imagers = changedImagers.map(imagerInput);
  return input;
}

/**
 * `rtsp://user:secret@host` → `rtsp://user:••••••@host` (a password holding '@' is masked up to the host's '@');
 * URLs without a password are unchanged.
 */
export function maskUrlPassword(url: string): string {
  return url.replace(/^(rtsps?:\/\/[^:@/\s]*:)([^/\s]+)(@[^@/\s]+)/i, '$1••••••$3');
}

export function hasUrlPassword(url: string): boolean {
  return maskUrlPassword(url) !== url;
}
