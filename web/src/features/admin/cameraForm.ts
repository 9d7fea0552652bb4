import type { Camera, CameraInput, CameraSource } from '../../api/types';
import {
  DEFAULT_RETENTION_DAYS,
  MAX_MODEL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_RETENTION_DAYS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_URL_LENGTH,
  MIN_RETENTION_DAYS,
} from './constants';

export type CameraFormMode = 'add' | 'edit';

/** What the add/edit form edits; retention is a number or '' while the field is empty. */
export interface CameraFormValues {
  name: string;
  mainUrl: string;
  subUrl: string;
  model: string;
  tags: string[];
  notes: string;
  retentionDays: number | '';
}

export type CameraFormField = keyof CameraFormValues;

/** An i18n key of the `admin` namespace with its interpolation values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type CameraFormErrors = Partial<Record<CameraFormField, FieldError>>;

export const EMPTY_CAMERA_FORM: CameraFormValues = {
  name: '',
  mainUrl: '',
  subUrl: '',
  model: '',
  tags: [],
  notes: '',
  retentionDays: DEFAULT_RETENTION_DAYS,
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
  };
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

/**
 * The contract's rules (CameraInput): name 1–120, main URL rtsp:// or rtsps:// (required on add, and on edit once the
 * camera has one), model ≤ 60, notes ≤ 2000, ≤ 50 tags of ≤ 60, retention 1–3650 whole days.
 */
export function validateCameraForm(values: CameraFormValues, mainRequired: boolean): CameraFormErrors {
  const name = values.name.trim();
  const errors: CameraFormErrors = {
    name: name.length === 0 ? { key: 'error-name-required' } : tooLong(name, MAX_NAME_LENGTH),
    mainUrl: urlError(values.mainUrl.trim(), mainRequired),
    subUrl: urlError(values.subUrl.trim(), false),
    model: tooLong(values.model.trim(), MAX_MODEL_LENGTH),
    tags: tagsError(values.tags),
    notes: tooLong(values.notes, MAX_NOTES_LENGTH),
    retentionDays: retentionError(values.retentionDays),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== undefined));
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

/** POST body: everything filled in; an empty sub-stream is left out. */
export function addCameraInput(values: CameraFormValues): CameraInput {
  const subUrl = values.subUrl.trim();
  return {
    ...metadata(values),
    main_rtsp_url: values.mainUrl.trim(),
    ...(subUrl.length > 0 ? { sub_rtsp_url: subUrl } : {}),
  };
}

/**
 * PUT body: the metadata, plus the stream URLs only when they changed (a changed source restarts ingest);
 * an emptied sub-stream is sent as null.
 */
export function editCameraInput(values: CameraFormValues, initial: CameraFormValues): CameraInput {
  const input: CameraInput = metadata(values);
  const mainUrl = values.mainUrl.trim();
  const subUrl = values.subUrl.trim();
  if (mainUrl !== initial.mainUrl && mainUrl.length > 0) input.main_rtsp_url = mainUrl;
  if (subUrl !== initial.subUrl) input.sub_rtsp_url = subUrl.length > 0 ? subUrl : null;
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
