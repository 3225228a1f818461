import { LIMITS } from '@curbside/shared';
import { type DataSource, LessThan, MoreThan } from 'typeorm';
import { DomainError } from '../../errors';
import { LoginFailureEntity } from './login-failure.entity';

/**
 * After LIMITS.loginFailuresAllowed failures in the window, from one IP or against one account, sign-in is refused
 * with 429 until the oldest failure in the window ages out. Counted in the database so it holds across servers.
 */
export class LoginThrottle {
  constructor(
    private readonly ds: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get repo() {
    return this.ds.getRepository(LoginFailureEntity);
  }

  async assertAllowed(ipHash: string, email: string): Promise<void> {
    const since = new Date(this.now().getTime() - LIMITS.loginThrottleWindowMs);
    for (const where of [{ ipHash }, { email }]) {
      const failures = await this.repo.find({
        where: { ...where, createdAt: MoreThan(since) },
        order: { createdAt: 'DESC' },
        take: LIMITS.loginFailuresAllowed,
        select: { id: true, createdAt: true },
      });
      if (failures.length >= LIMITS.loginFailuresAllowed) {
        const oldest = failures[failures.length - 1]!.createdAt.getTime();
        const retryAt = oldest + LIMITS.loginThrottleWindowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - this.now().getTime()) / 1000));
        const minutes = Math.ceil(retryAfterSeconds / 60);
        throw new DomainError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          { retryAfterSeconds },
        );
      }
    }
  }

  async recordFailure(ipHash: string, email: string): Promise<void> {
    await this.repo.insert({ ipHash, email, createdAt: this.now() });
    // Keep the table small: anything outside the window no longer counts.
    const cutoff = new Date(this.now().getTime() - LIMITS.loginThrottleWindowMs);
    if (Math.random() < 0.05) await this.repo.delete({ createdAt: LessThan(cutoff) });
  }

  /** A successful sign-in forgives that account's failures, so a user's own typos do not lock them out later. */
  async clearAccount(email: string): Promise<void> {
    await this.repo.delete({ email });
  }
}
