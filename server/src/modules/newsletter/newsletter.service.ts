import { MESSAGES, SERVER_LIMITS } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import { type Quota, quotaRefusal, recentCreations } from '../../lib/sliding-window';
import { NewsletterSignupLockEntity } from './newsletter-signup-lock.entity';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing to our newsletter.';
export const ALREADY_SUBSCRIBED_MESSAGE = "You're already subscribed. Thank you!";
/** New addresses one client address (IPv6: one /64) may sign up in any hour. */
export const SIGNUPS_PER_HOUR: Quota = {
  limit: SERVER_LIMITS.newsletterSignupsPerIpPerHour,
  windowMs: SERVER_LIMITS.quotaHourMs,
};

type Subscribed = { created: boolean; message: string };
const ALREADY: Subscribed = { created: false, message: ALREADY_SUBSCRIBED_MESSAGE };

export class NewsletterService {
  constructor(
    private readonly ds: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stores the address once; subscribing again is a friendly success, not an error. A new address counts against
   * SIGNUPS_PER_HOUR of the client's address: counted and stored holding that client address's lock row, so
   * parallel sign-ups from one address take their turn and never get one place too many.
   */
  async subscribe(email: string, source: string, ipHash: string): Promise<Subscribed> {
    const repo = this.ds.getRepository(NewsletterSubscriptionEntity);
    if (await repo.existsBy({ email })) return ALREADY;
    // The lock row exists before the transaction takes it (made inside, two sign-ups could deadlock on it).
    await this.ds
      .createQueryBuilder()
      .insert()
      .into(NewsletterSignupLockEntity)
      .values({ ipHash })
      .orIgnore()
      .execute();
    return runInTransaction(this.ds, async (em) => {
      await em.query('UPDATE newsletter_signup_locks SET ipHash = ipHash WHERE ipHash = ?', [ipHash]);
      const now = this.now();
      const recent = await recentCreations(em, NewsletterSubscriptionEntity, { ipHash }, SIGNUPS_PER_HOUR, now);
      const refusal = quotaRefusal(SIGNUPS_PER_HOUR, recent, now, MESSAGES.server.newsletterSignupsReached);
      if (refusal) throw refusal;
      try {
        await em.getRepository(NewsletterSubscriptionEntity).insert({ email, source, ipHash, createdAt: now });
        return { created: true, message: SUBSCRIBED_MESSAGE };
      } catch (error) {
        // SQLite and MySQL undo only the failed statement: the transaction ends as usual.
        if (isUniqueViolation(error)) return ALREADY;
        throw error;
      }
    });
  }
}
