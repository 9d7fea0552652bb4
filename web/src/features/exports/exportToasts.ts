import { notifications } from '@mantine/notifications';
import { errorMessages } from '../../api/apiError';
import { EXPORT_TOAST_MS } from './constants';

export interface FailureOptions {
  /** How long the toast stays (default 6 s). */
  autoCloseMs?: number;
  /** A sentence before the server's messages (e.g. 'There was a problem creating the export.'). */
  lead?: string;
}

/** An export action's success toast (6 s, spec 03 §9). */
export function showExportSuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: EXPORT_TOAST_MS });
}

/** A refused export call's toast: the spec's `title` (e.g. 'Failed to rename export') over the server's messages. */
export function showExportFailure(title: string, error: unknown, options: FailureOptions = {}): string[] {
  const messages = errorMessages(error);
  const message = [options.lead, ...messages].filter(Boolean).join(' ');
  notifications.show({ title, message, color: 'red', autoClose: options.autoCloseMs ?? EXPORT_TOAST_MS });
  return messages;
}
