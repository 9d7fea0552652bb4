import { notifications } from '@mantine/notifications';
import { errorMessages } from '../../../api/apiError';
import { WALL_EDITOR_TOAST_MS } from './constants';

/** A wall call's success toast (6 s, spec 02 §9). */
export function showWallSuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: WALL_EDITOR_TOAST_MS });
}

/** A refused wall call's toast: `title` over the server's messages, which it answers. */
export function showWallFailure(title: string, error: unknown): string[] {
  const messages = errorMessages(error);
  notifications.show({ title, message: messages.join(' '), color: 'red', autoClose: WALL_EDITOR_TOAST_MS });
  return messages;
}
