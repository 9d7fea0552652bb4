import type { Argusd } from './argusd';
import { eventually } from './wait';

/** One message the demo inbox caught (`GET {inboxUrl}/api/messages`, newest first; tools/democatcher). */
export interface InboxMessage {
  id: string | number;
  kind: 'email' | 'sms';
  to: string[];
  from: string;
  subject: string;
  text: string;
  received_at: string | number;
}

export async function inboxMessages(server: Argusd): Promise<InboxMessage[]> {
  if (!server.inboxUrl) throw new Error(`argusd named no demo inbox:\n${server.logTail()}`);
  const url = `${server.inboxUrl.replace(/\/$/, '')}/api/messages`;
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

/** The ids of the messages in the inbox now: whatever arrives later is not among them. */
export async function inboxIds(server: Argusd): Promise<Set<string>> {
  return new Set((await inboxMessages(server)).map((message) => String(message.id)));
}

/** The newest message of `kind` to `to` that is not in `seen`, waiting for it to arrive. */
export async function newMessage(
  server: Argusd,
  kind: InboxMessage['kind'],
  to: string,
  seen: Set<string>,
  timeout = 15_000,
): Promise<InboxMessage> {
  const fits = (message: InboxMessage) =>
    message.kind === kind && message.to.some((address) => address.includes(to)) && !seen.has(String(message.id));
  const messages = await eventually(
    () => inboxMessages(server),
    (list) => list.some(fits),
    `a new ${kind} to ${to} in the demo inbox`,
    timeout,
  );
  return messages.find(fits)!;
}

/** The first link in a message's text whose path is `path` (e.g. /login/reset-password). */
export function linkIn(message: InboxMessage, path: string): string {
  const link = message.text
    .match(/https?:\/\/\S+/g)
    ?.map((candidate) => candidate.replace(/[).,>]+$/, ''))
    .find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in the e-mail '${message.subject}': ${JSON.stringify(message.text)}`);
  return link;
}
