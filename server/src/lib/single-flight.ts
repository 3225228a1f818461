import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { DomainError } from '../errors';
import { type ImageJobLimits, ImageQueue } from './image-queue';

// Expensive answers (meet-card PDFs, QR codes, share pictures) are made once, not once per request:
// - single flight: requests for an answer that is being made wait for that making instead of starting their own;
// - kept: a made answer stays in memory, least recently sent dropped first past a byte bound. A key names everything
//   the answer is made of (the printed fields, the photo's id, the address in a QR code), so an edit makes a new key
//   and the old answer is never sent again; it ages out of the memory;
// - bounded: answers whose making is costly on the main thread (PDFs, QR codes) are made a few at a time per process
//   (SERVER_LIMITS.rendersRunning); a bounded line waits its turn and, past it, a new one is refused at once with
//   503 and Retry-After. A request that joins a making already under way takes no place in the line.

export const rendersBusy = () =>
  new DomainError('SERVICE_UNAVAILABLE', MESSAGES.server.rendersBusy, {
    retryAfterSeconds: SERVER_LIMITS.rendersBusyRetrySeconds,
  });

/**
 * Starts `make` after the requests already waiting have had a turn: a finished render hands its place to the next at
 * once (a microtask), and renders that hold the thread (a QR code, 10-40 ms) would otherwise run back to back.
 */
function afterATurn<T>(make: () => Promise<T>): Promise<T> {
  return new Promise<void>((resolve) => setImmediate(resolve)).then(make);
}

export interface RenderLimits extends ImageJobLimits {
  /** Bytes of answers kept. An answer over half of it is sent but not kept. */
  keptBytes: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  running: SERVER_LIMITS.rendersRunning,
  waiting: SERVER_LIMITS.rendersWaiting,
  keptBytes: SERVER_LIMITS.rendersKeptBytes,
};

export interface MakeOptions {
  /**
   * Wait for a place among the running renders (default). false for a part of an answer being made (a card's QR
   * code inside a PDF), which already holds its place, and for work with a queue of its own (pictures).
   */
  queued?: boolean;
}

export class SingleFlight {
  /** Made answers by key, least recently sent first. */
  private readonly kept = new Map<string, Buffer>();
  private readonly flights = new Map<string, Promise<Buffer>>();
  private keptBytes = 0;
  private readonly queue: ImageQueue;

  constructor(
    readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS,
    /** Told of each answer made (not of those sent as kept or joined): the renders metric. */
    private readonly onMade: (kind: string) => void = () => undefined,
  ) {
    this.queue = new ImageQueue(limits, rendersBusy);
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.keptBytes;
  }

  /**
   * The answer of `kind` for `key`: as kept, or the one being made, or made now by `make` (and kept). A failed making
   * fails every request waiting for it and keeps nothing.
   */
  async get(kind: string, key: string, make: () => Promise<Buffer>, options: MakeOptions = {}): Promise<Buffer> {
    const id = `${kind}\u0000${key}`;
    const kept = this.kept.get(id);
    if (kept) {
      this.kept.delete(id); // to the back of the line: the least recently sent go first
      this.kept.set(id, kept);
      return kept;
    }
    const flying = this.flights.get(id);
    if (flying) return flying;
    const making = (options.queued === false ? make() : this.queue.run(() => afterATurn(make)))
      .then((answer) => {
        this.onMade(kind);
        this.keep(id, answer);
        return answer;
      })
      .finally(() => this.flights.delete(id));
    this.flights.set(id, making);
    return making;
  }

  /**
   * Runs `job` in one of the running places (for tests and benches: holding them shows what a full line does).
   */
  hold<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.run(job);
  }

  private keep(id: string, answer: Buffer): void {
    if (answer.length > this.limits.keptBytes / 2) return;
    this.kept.set(id, answer);
    this.keptBytes += answer.length;
    while (this.keptBytes > this.limits.keptBytes) {
      const [oldest] = this.kept;
      if (!oldest) break;
      this.kept.delete(oldest[0]);
      this.keptBytes -= oldest[1].length;
    }
  }
}
