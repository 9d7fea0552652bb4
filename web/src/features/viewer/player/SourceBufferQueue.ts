import type { RemoveSpan } from './backBuffer';

type Operation = { kind: 'append'; bytes: ArrayBuffer; media: boolean } | ({ kind: 'remove' } & RemoveSpan);

export interface SourceBufferQueueHooks {
  /** An append finished (`media`: a fragment, not the init segment). */
  onAppended: (media: boolean) => void;
  /** The buffer is full: what to remove before trying the append again, or null to drop the fragment. */
  onQuotaExceeded: () => RemoveSpan | null;
  /** The SourceBuffer refused an operation or reported an error. */
  onError: (error: unknown) => void;
}

function isQuotaExceeded(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/**
 * Serializes appends and removals on one SourceBuffer: one operation at a time, the next on `updateend` (appendBuffer
 * and remove throw while `updating`). A full buffer (QuotaExceededError) frees old media and retries once.
 */
export class SourceBufferQueue {
  private readonly operations: Operation[] = [];
  private running: Operation | null = null;
  private retried = false;
  private closed = false;

  constructor(
    private readonly buffer: SourceBuffer,
    private readonly hooks: SourceBufferQueueHooks,
  ) {
    buffer.addEventListener('updateend', this.onUpdateEnd);
    buffer.addEventListener('error', this.onBufferError);
  }

  append(bytes: ArrayBuffer, media: boolean): void {
    this.operations.push({ kind: 'append', bytes, media });
    this.pump();
  }

  remove(span: RemoveSpan): void {
    if (span.endS <= span.startS) return;
    if (this.operations.some((op) => op.kind === 'remove')) return;
    this.operations.push({ kind: 'remove', ...span });
    this.pump();
  }

  /** Operations waiting (not counting the one running). */
  get pending(): number {
    return this.operations.length;
  }

  close(): void {
    this.closed = true;
    this.operations.length = 0;
    this.buffer.removeEventListener('updateend', this.onUpdateEnd);
    this.buffer.removeEventListener('error', this.onBufferError);
  }

  private pump(): void {
    if (this.closed || this.running || this.buffer.updating) return;
    const next = this.operations.shift();
    if (!next) return;
    try {
      if (next.kind === 'append') this.buffer.appendBuffer(next.bytes);
      else this.buffer.remove(next.startS, next.endS);
      this.running = next;
    } catch (error) {
      if (next.kind === 'append' && isQuotaExceeded(error)) this.onQuota(next);
      else this.fail(error);
    }
  }

  private onQuota(append: Operation): void {
    const span = this.retried ? null : this.hooks.onQuotaExceeded();
    if (span) {
      this.retried = true;
      this.operations.unshift({ kind: 'remove', ...span }, append);
    } else {
      this.retried = false;
    }
    this.pump();
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    this.close();
    this.hooks.onError(error);
  }

  private readonly onUpdateEnd = () => {
    const done = this.running;
    this.running = null;
    if (done?.kind === 'append') {
      this.retried = false;
      this.hooks.onAppended(done.media);
    }
    this.pump();
  };

  private readonly onBufferError = () => this.fail(new Error('SourceBuffer error'));
}
