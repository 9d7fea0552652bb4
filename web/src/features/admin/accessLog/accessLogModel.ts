import type { components } from '../../../api/schema.gen';

export type AccessLogKind = components['schemas']['AccessLogKind'];
export type AccessLogEntry = components['schemas']['AccessLogEntry'];
export type AccessLogPage = components['schemas']['AccessLogPage'];

/** Every kind, in the order the kind filter offers them. */
export const ACCESS_LOG_KINDS: readonly AccessLogKind[] = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'live_video',
  'recorded_video',
  'export_created',
  'screenshot_created',
  'member_changed',
  'privileges_changed',
  'sign_in_policy_changed',
  'door_quick_grant',
];

/** The readable name of each kind (namespace `accessLog`). */
export const KIND_LABEL_KEYS = {
  sign_in: 'kind-sign-in',
  sign_in_failed: 'kind-sign-in-failed',
  sign_out: 'kind-sign-out',
  live_video: 'kind-live-video',
  recorded_video: 'kind-recorded-video',
  export_created: 'kind-export-created',
  screenshot_created: 'kind-screenshot-created',
  member_changed: 'kind-member-changed',
  privileges_changed: 'kind-privileges-changed',
  sign_in_policy_changed: 'kind-sign-in-policy-changed',
  door_quick_grant: 'kind-door-quick-grant',
} as const satisfies Record<AccessLogKind, string>;

/** The sign-in methods a `sign_in` entry's detail names, with their readable names. */
const SIGN_IN_METHOD_KEYS: Record<string, string> = {
  password: 'method-password',
  two_factor: 'method-two-factor',
  email_code: 'method-email-code',
  sms_code: 'method-sms-code',
  sso: 'method-sso',
};

export function isAccessLogKind(value: string): value is AccessLogKind {
  return (ACCESS_LOG_KINDS as readonly string[]).includes(value);
}

/**
 * What to show of an entry's detail: the text key of a successful sign-in's method, else the server's text as it is
 * (a failed sign-in's reason, an export's file name, a member change), or nothing.
 */
export function entryDetail(entry: Pick<AccessLogEntry, 'kind' | 'detail'>): { key: string } | { text: string } | null {
  if (!entry.detail) return null;
  const methodKey = entry.kind === 'sign_in' ? SIGN_IN_METHOD_KEYS[entry.detail] : undefined;
  return methodKey ? { key: methodKey } : { text: entry.detail };
}
