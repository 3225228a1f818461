import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import { DomainError } from '../errors';

// Decoding and encoding a picture takes a core and tens of megabytes for up to seconds. Every such job of a server
// process goes through one queue: a few run at once, a bounded line waits its turn (first come, first served), and
// beyond that the request is refused at once with 503 and Retry-After, before any work or storage.

export interface ImageJobLimits {
  /** Jobs running at once. */
  running: number;
  /** Jobs waiting for a free slot; one more is refused. */
  waiting: number;
}

export const DEFAULT_IMAGE_JOB_LIMITS: ImageJobLimits = {
  running: SERVER_LIMITS.imageJobsRunning,
  waiting: SERVER_LIMITS.imageJobsWaiting,
};

export const imagesBusy = () =>
  new DomainError('SERVICE_UNAVAILABLE', MESSAGES.server.imagesBusy, {
    retryAfterSeconds: SERVER_LIMITS.imageBusyRetrySeconds,
  });

export class ImageQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];

  constructor(
    readonly limits: ImageJobLimits = DEFAULT_IMAGE_JOB_LIMITS,
    /** The refusal past the line (the renders of single-flight.ts have their own message). */
    private readonly busy: () => Error = imagesBusy,
  ) {
    if (!(limits.running >= 1) || !(limits.waiting >= 0)) throw new Error('image queue: running ≥ 1, waiting ≥ 0');
  }

  /** Jobs running now. */
  get running(): number {
    return this.active;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    return this.line.length;
  }

  /**
   * Runs `job` when a slot is free. Throws the 503 DomainError at once, without running it, when every slot and
   * the whole line are taken.
   */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.running) this.active++;
    else if (this.line.length < this.limits.waiting) await new Promise<void>((resolve) => this.line.push(resolve));
    else throw this.busy();
    try {
      return await job();
    } finally {
      this.release();
    }
  }

  /** A finished job hands its slot straight to the first in line, so no newcomer can overtake the line. */
  private release(): void {
    const next = this.line.shift();
    if (next) next();
    else this.active--;
  }
}
