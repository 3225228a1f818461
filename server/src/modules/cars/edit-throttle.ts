import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { SlidingWindow, windowFull } from '../../lib/sliding-window';
import type { Actor } from './access';
import { CarEditEntity } from './car-edit.entity';

/**
 * Edits of cars and their photos (a car's fields, a photo added, deleted or made primary), per user: at most
 * SERVER_LIMITS.carEditsPerUser in SERVER_LIMITS.carEditWindowMs. Each edit drops cached responses and may make the
 * next download of a meet card a new rendering, so edits in a loop must not be free. Past the limit: 429 ("You are
 * making changes too quickly. Please try again in N minutes.", Retry-After). Admins are not limited, as with the car
 * and photo quotas. Counted like every throttle (lib/sliding-window.ts): the edit's row is written first, and removed
 * again when the edit is refused or fails, so only edits that happened count.
 */
export class CarEditThrottle {
  private readonly window: SlidingWindow<CarEditEntity>;

  constructor(
    ds: DataSource,
    now: () => Date = () => new Date(),
    private readonly limit: number = SERVER_LIMITS.carEditsPerUser,
  ) {
    this.window = new SlidingWindow(ds.getRepository(CarEditEntity), SERVER_LIMITS.carEditWindowMs, now);
  }

  /** Runs `edit` for `actor` when the window has room; otherwise throws the 429 and runs nothing. */
  async run<T>(actor: Actor, edit: () => Promise<T>): Promise<T> {
    if (actor.admin) return edit();
    const id = await this.window.record({ userId: actor.id });
    const fullUntil = await this.window.fullUntil({ userId: actor.id }, id, this.limit);
    if (fullUntil !== null) {
      await this.window.forget({ id });
      throw windowFull(MESSAGES.server.carEditsThrottled, fullUntil, this.window.now().getTime());
    }
    let result: T;
    try {
      result = await edit();
    } catch (error) {
      await this.window.forget({ id });
      throw error;
    }
    await this.window.prune();
    return result;
  }
}
