import type { DataSource, EntityTarget } from 'typeorm';
import { SlidingWindow, windowFull } from '../../lib/sliding-window';
import type { AddressRequest } from './address-request';

/**
 * At most `limit` requests per address (IP hash; IPv6: one /64) in a sliding window, counted in the database so the
 * limit holds across app servers and for requests arriving together. The one past the limit gets a 429
 * ("<what> Please try again in N minutes.", Retry-After) and leaves no row behind.
 */
export class AddressThrottle {
  private readonly window: SlidingWindow<AddressRequest>;

  constructor(
    ds: DataSource,
    entity: EntityTarget<AddressRequest>,
    private readonly limit: number,
    windowMs: number,
    private readonly what: string,
    now: () => Date,
  ) {
    this.window = new SlidingWindow(ds.getRepository(entity), windowMs, now);
  }

  async admit(ipHash: string): Promise<void> {
    const id = await this.window.record({ ipHash });
    const fullUntil = await this.window.fullUntil({ ipHash }, id, this.limit);
    if (fullUntil !== null) {
      await this.window.forget({ id });
      throw windowFull(this.what, fullUntil, this.window.now().getTime());
    }
    await this.window.prune();
  }
}
