import type { TFunction } from 'i18next';
import { formatClock, formatDate, type TimeMode } from '../timeline/timeFormat';
import type { AccessActor } from './types';

/** An event's moment in the network's zone and the user's 12/24-hour mode: 'Mar 6, 2025, 11:55:00 AM'. */
export function formatEventTime(ms: number, timeZone: string, timeMode: TimeMode): string {
  return `${formatDate(ms, timeZone)}, ${formatClock(ms, timeZone, timeMode)}`;
}

/** Who caused an event: the card holder's name, 'System' or 'API key' (spec 03 §3). */
export function actorName(actor: AccessActor, t: TFunction<'accessControl'>): string {
  if (actor.type === 'SYSTEM') return t('system');
  if (actor.type === 'API_KEY') return t('api-key');
  return actor.name?.trim() || t('unknown-actor');
}

/** The actor with a card holder's employee number, as the timeline's card shows it: 'Ada Lovelace (E-1001)'. */
export function actorWithNumber(actor: AccessActor, t: TFunction<'accessControl'>): string {
  const name = actorName(actor, t);
  const number = actor.type === 'USER' ? actor.employeeNumber?.trim() : undefined;
  return number ? t('actor-with-number', { name, number }) : name;
}
