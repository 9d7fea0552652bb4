import type { components } from '../../../api/schema.gen';

export type BayeuxMessage = components['schemas']['BayeuxMessage'];
export type BayeuxReply = components['schemas']['BayeuxReply'];
export type ObjectDetectionsMessage = components['schemas']['ObjectDetectionsMessage'];
export type ObjectDetectionsData = ObjectDetectionsMessage['data'];
export type ObjectDetection = components['schemas']['ObjectDetection'];

/** Posts one batch of Bayeux messages to `{basePath}/cometd` and resolves to the array the server answers. */
export type CometdSend = (messages: BayeuxMessage[], signal?: AbortSignal) => Promise<unknown[]>;

/** A Bayeux reply with `successful: false` (its `error` is "code::text"), or an answer without the expected reply. */
export class CometdError extends Error {
  constructor(
    readonly code: number,
    readonly text: string,
  ) {
    super(`${code}::${text}`);
    this.name = 'CometdError';
  }

  static fromReply(reply: BayeuxReply): CometdError {
    const match = /^(\d+)::(.*)$/s.exec(reply.error ?? '');
    return match ? new CometdError(Number(match[1]), match[2]) : new CometdError(0, reply.error ?? 'Unsuccessful');
  }
}

const SUFFIX_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The random last part of the subscription: 16 of A-Za-z0-9 (argusd takes 1–64 of A-Za-z0-9_-.). */
export function randomSuffix(): string {
  return Array.from({ length: 16 }, () => SUFFIX_CHARS[Math.floor(Math.random() * SUFFIX_CHARS.length)]).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The reply to `message` in an answer (same channel and id); a missing one is an error. */
function replyTo(answer: unknown[], message: BayeuxMessage): BayeuxReply {
  const reply = answer.find(
    (item) => isRecord(item) && item.channel === message.channel && item.id === message.id && 'successful' in item,
  ) as BayeuxReply | undefined;
  if (!reply) throw new CometdError(0, `No reply to ${message.channel}`);
  if (!reply.successful) throw CometdError.fromReply(reply);
  return reply;
}

/**
 * The player's side of argusd's detections channel (spec 02 §7; docs/design/detection.md "Player detections
 * channel"): a handshake, one subscription to `/node/{cameraId}/ObjectDetections/{random}`, then one publish on
 * `/requests` per window. The reply comes back in the publish's own answer, so there is no connect loop. A client
 * the server forgot (`402::Unknown client`: idle for 60 s, or argusd restarted) handshakes and subscribes again, once
 * per request.
 */
export class CometdClient {
  readonly subscription: string;
  private clientId: string | null = null;
  private subscribed = false;
  private lastId = 0;

  constructor(
    private readonly send: CometdSend,
    readonly cameraId: number,
    suffix = randomSuffix(),
  ) {
    this.subscription = `/node/${cameraId}/ObjectDetections/${suffix}`;
  }

  /** The detections of [startMs, endMs) (UNIX ms, at most 60 s apart). */
  async requestDetections(startMs: number, endMs: number, signal?: AbortSignal): Promise<ObjectDetectionsData> {
    try {
      return await this.requestOnce(startMs, endMs, signal);
    } catch (error) {
      if (!(error instanceof CometdError) || error.code !== 402) throw error;
      this.forget();
      return this.requestOnce(startMs, endMs, signal);
    }
  }

  /** Tells argusd to forget the client (fire and forget: it would after 60 s anyway); a later request starts over. */
  disconnect(): void {
    const clientId = this.clientId;
    this.forget();
    if (clientId === null) return;
    this.send([{ channel: '/meta/disconnect', clientId, id: this.nextId() }]).catch(() => undefined);
  }

  private forget(): void {
    this.clientId = null;
    this.subscribed = false;
  }

  private nextId(): string {
    this.lastId += 1;
    return String(this.lastId);
  }

  private async post(message: BayeuxMessage, signal?: AbortSignal): Promise<{ reply: BayeuxReply; answer: unknown[] }> {
    const answer = await this.send([message], signal);
    return { reply: replyTo(answer, message), answer };
  }

  private async ready(signal?: AbortSignal): Promise<string> {
    if (this.clientId === null) {
      const handshake: BayeuxMessage = {
        channel: '/meta/handshake',
        id: this.nextId(),
        version: '1.0',
        supportedConnectionTypes: ['long-polling'],
      };
      const { reply } = await this.post(handshake, signal);
      if (!reply.clientId) throw new CometdError(0, 'No clientId in the handshake reply');
      this.clientId = reply.clientId;
    }
    const clientId = this.clientId;
    if (!this.subscribed) {
      await this.post({ channel: '/meta/subscribe', id: this.nextId(), clientId, subscription: this.subscription }, signal);
      this.subscribed = true;
    }
    return clientId;
  }

  private async requestOnce(startMs: number, endMs: number, signal?: AbortSignal): Promise<ObjectDetectionsData> {
    const clientId = await this.ready(signal);
    const pid = this.nextId();
    const publish: BayeuxMessage = {
      channel: '/requests',
      id: pid,
      clientId,
      data: {
        broker: 'player',
        start_ts: Math.floor(startMs),
        end_ts: Math.floor(endMs),
        node_id: this.cameraId,
        type: 'ObjectDetections',
        pid,
        no_keep_alive: false,
      },
    };
    const { answer } = await this.post(publish, signal);
    // Earlier replies may come along (a request given up on); ours echoes our pid.
    const message = answer.find(
      (item): item is ObjectDetectionsMessage =>
        isRecord(item) &&
        item.channel === this.subscription &&
        isRecord(item.data) &&
        Array.isArray(item.data.detections) &&
        isRecord(item.data.params) &&
        item.data.params.pid === pid,
    );
    if (!message) throw new CometdError(0, 'No detections in the answer');
    return message.data;
  }
}
