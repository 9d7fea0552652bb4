import { APP_VERSION } from '../../app/constants';
import type { AppDispatch } from '../../app/store';
import { TELEMETRY_BATCH_MS, TELEMETRY_CLIENT_NAME } from './constants';
import { motionSearchApi } from './motionSearchApi';
import type { MotionTelemetryEvent } from './types';

/** Collects telemetry events and sends them in one batch `delayMs` after the first one was queued. */
export class TelemetryBatcher {
  private events: MotionTelemetryEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: (events: MotionTelemetryEvent[]) => void,
    private readonly delayMs = TELEMETRY_BATCH_MS,
  ) {}

  queue(event: MotionTelemetryEvent): void {
    this.events.push(event);
    this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  /** Sends what is queued now (the timer's job; also usable on page exit). */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.events;
    this.events = [];
    if (batch.length > 0) this.send(batch);
  }

  get pending(): number {
    return this.events.length;
  }
}

/** A new id for one search's telemetry event. */
export function telemetryEventId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

const batchers = new WeakMap<AppDispatch, TelemetryBatcher>();

/** The batcher of a store: POST /manage/video/motion_search_telemetry through the base client; failures are dropped. */
export function telemetryBatcher(dispatch: AppDispatch): TelemetryBatcher {
  let batcher = batchers.get(dispatch);
  if (!batcher) {
    batcher = new TelemetryBatcher((telemetryEvents) => {
      void dispatch(
        motionSearchApi.endpoints.sendMotionSearchTelemetry.initiate({
          clientApp: { name: TELEMETRY_CLIENT_NAME, appVersion: APP_VERSION },
          telemetryEvents,
        }),
      );
    });
    batchers.set(dispatch, batcher);
  }
  return batcher;
}
