import { LIMITS } from '@curbside/shared';
import { type DataSource, LessThan, MoreThan } from 'typeorm';
import { LoginFailureEntity } from './login-failure.entity';
import { tryAgainLater } from './throttle-error';

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
        throw tryAgainLater(
          'Too many failed sign-in attempts.',
          oldest + LIMITS.loginThrottleWindowMs,
          this.now().getTime(),
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
