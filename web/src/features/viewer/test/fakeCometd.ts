import { http, HttpResponse } from 'msw';
import type { components } from '../../../api/schema.gen';
import { apiPath } from '../../../test/server';
import type { BayeuxMessage, ObjectDetection } from '../detections/CometdClient';

type ObjectDetectionsRequest = components['schemas']['ObjectDetectionsRequest'];

/** One detection (0–255 box) for tests; a person at 90 % unless told. */
export function detection(
  ts: number,
  trackId: number,
  box: ObjectDetection['box'],
  extra: Partial<ObjectDetection> = {},
): ObjectDetection {
  return {
    ts,
    track_id: trackId,
    confidence: 0.9,
    box,
    object_class: 0,
    byCustomCV: false,
    attributes: { nightmode: false },
    ...extra,
  };
}

/**
 * argusd's detections channel as the player uses it (docs/design/detection.md "Player detections channel"): handshake,
 * subscribe, publish on /requests answered in the publish's own answer, disconnect; `402::Unknown client` for a client
 * it does not know. `detections` answers each request; `refuse` makes a channel's next reply unsuccessful.
 */
export class FakeCometd {
  /** Every POST body, in order. */
  bodies: BayeuxMessage[][] = [];
  csrfTokens: (string | null)[] = [];
  clients = new Set<string>();
  subscriptions = new Map<string, string>();
  detections: (request: ObjectDetectionsRequest) => ObjectDetection[] = () => [];
  truncated = false;
  /** Data messages put before the next answer (replies to requests the client gave up on). */
  waiting: unknown[] = [];
  /** Channel → the `error` of its next reply. */
  refuse = new Map<string, string>();
  private lastClient = 0;

  readonly handler = http.post(apiPath('/cometd'), async ({ request }) => {
    this.csrfTokens.push(request.headers.get('X-CSRF-Token'));
    const body = (await request.json()) as BayeuxMessage | BayeuxMessage[];
    const messages = Array.isArray(body) ? body : [body];
    this.bodies.push(messages);
    const answer: unknown[] = this.waiting.splice(0);
    for (const message of messages) answer.push(...this.answer(message));
    return HttpResponse.json(answer);
  });

  /** Forgets every client, as argusd does after 60 s without a request or a restart. */
  forgetClients(): void {
    this.clients.clear();
    this.subscriptions.clear();
  }

  messages(channel: string): BayeuxMessage[] {
    return this.bodies.flat().filter((message) => message.channel === channel);
  }

  /** The data of each publish on /requests. */
  get requests(): ObjectDetectionsRequest[] {
    return this.messages('/requests').map((message) => message.data as ObjectDetectionsRequest);
  }

  private answer(message: BayeuxMessage): unknown[] {
    const reply = { channel: message.channel, id: message.id };
    const refusal = this.refuse.get(message.channel);
    if (refusal !== undefined) {
      this.refuse.delete(message.channel);
      return [{ ...reply, successful: false, error: refusal }];
    }
    if (message.channel === '/meta/handshake') {
      this.lastClient += 1;
      const clientId = `client-${this.lastClient}`;
      this.clients.add(clientId);
      const advice = { reconnect: 'retry', interval: 0, timeout: 5000 };
      return [{ ...reply, successful: true, clientId, version: '1.0', supportedConnectionTypes: ['long-polling'], advice }];
    }
    if (!message.clientId || !this.clients.has(message.clientId)) {
      const advice = { reconnect: 'handshake', interval: 0 };
      return [{ ...reply, successful: false, error: '402::Unknown client', advice }];
    }
    switch (message.channel) {
      case '/meta/subscribe':
        this.subscriptions.set(message.clientId, message.subscription ?? '');
        return [{ ...reply, successful: true, clientId: message.clientId, subscription: message.subscription }];
      case '/meta/disconnect':
        this.clients.delete(message.clientId);
        return [{ ...reply, successful: true }];
      case '/requests': {
        const data = message.data as ObjectDetectionsRequest;
        const detections = this.detections(data)
          .filter((found) => found.ts >= data.start_ts && found.ts < data.end_ts)
          .sort((a, b) => a.ts - b.ts);
        const params = {
          start_ts: data.start_ts,
          end_ts: data.end_ts,
          node_id: data.node_id,
          pid: data.pid ?? null,
          type: data.type ?? null,
          truncated: this.truncated,
        };
        const channel = this.subscriptions.get(message.clientId);
        return [...(channel ? [{ channel, data: { detections, params } }] : []), { ...reply, successful: true }];
      }
      default:
        return [{ ...reply, successful: false, error: '403::Unknown channel' }];
    }
  }
}
