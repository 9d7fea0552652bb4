import type { TFunction } from 'i18next';
import { errorMessages, isApiError } from '../../api/apiError';

/** Messages to show for a failed admin call: the spec's permission text on 403, else the server's messages. */
export function actionErrorMessages(error: unknown, t: TFunction<'admin'>): string[] {
  if (isApiError(error) && error.status === 403) return [t('no-permission')];
  return errorMessages(error);
}
