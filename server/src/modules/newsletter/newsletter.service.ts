import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { NewsletterSubscriptionEntity } from './newsletter-subscription.entity';

export const SUBSCRIBED_MESSAGE = 'Thank you for subscribing to our newsletter.';
export const ALREADY_SUBSCRIBED_MESSAGE = "You're already subscribed. Thank you!";

export class NewsletterService {
  constructor(private readonly ds: DataSource) {}

  /** Stores the address once; subscribing again is a friendly success, not an error. */
  async subscribe(email: string, source: string): Promise<{ created: boolean; message: string }> {
    const repo = this.ds.getRepository(NewsletterSubscriptionEntity);
    if (await repo.existsBy({ email })) return { created: false, message: ALREADY_SUBSCRIBED_MESSAGE };
    try {
      await repo.insert({ email, source });
      return { created: true, message: SUBSCRIBED_MESSAGE };
    } catch (error) {
      if (isUniqueViolation(error)) return { created: false, message: ALREADY_SUBSCRIBED_MESSAGE };
      throw error;
    }
  }
}
