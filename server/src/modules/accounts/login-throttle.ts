import { LIMITS, SERVER_LIMITS, SERVER_MESSAGES } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { SlidingWindow, windowFull } from '../../lib/sliding-window';
import { LoginFailureEntity } from './login-failure.entity';

/**
 * Password guessing, for sign-in and for the current password of a password change. Each attempt is written before
 * its password is verified, so guesses sent together are counted together (lib/sliding-window.ts):
 * - one address (IPv6: one /64) may fail LIMITS.loginFailuresAllowed times in the window, on any accounts; past
 *   that it is refused with 429 until its oldest counted failure ages out;
 * - one account has a much higher backstop, SERVER_LIMITS.loginAccountFailuresBackstop failures from all addresses. Past
 *   it the account is not locked: only addresses that themselves failed on it in the window are refused, so its
 *   owner still signs in from their own address, and each further address of a spread-out attacker gets one guess.
 * The account is the e-mail as typed, whether or not an account has it, so a refusal says nothing about which
 * accounts exist. A correct password forgives that address's failures on that account (the owner's own typos).
 */
export class LoginThrottle {
  private readonly window: SlidingWindow<LoginFailureEntity>;

  constructor(ds: DataSource, now: () => Date = () => new Date()) {
    this.window = new SlidingWindow(ds.getRepository(LoginFailureEntity), LIMITS.loginThrottleWindowMs, now);
  }

  /**
   * Counts the attempt, then (if it is allowed) runs `verify`, which gives what the right password opens, or null.
   * Throws the 429 when the attempt is refused, in which case `verify` is not run and the attempt leaves no trace.
   */
  async attempt<T>(ipHash: string, email: string, verify: () => Promise<T | null>): Promise<T | null> {
    const id = await this.window.record({ ipHash, email });
    const refusedUntil = await this.refusedUntil(ipHash, email, id);
    if (refusedUntil !== null) {
      await this.window.forget({ id });
      throw windowFull(SERVER_MESSAGES.signInThrottled, refusedUntil, this.window.now().getTime());
    }
    const opened = await verify();
    if (opened !== null) {
      await this.window.forget({ ipHash, email });
    } else {
      await this.window.prune();
    }
    return opened;
  }

  /**
   * Counts a failure that needed no verifying (a wrong API token): null while the address and account are within
   * their limits, otherwise when a place frees (epoch ms), in which case the failure leaves no trace.
   */
  async fail(ipHash: string, email: string): Promise<number | null> {
    const id = await this.window.record({ ipHash, email });
    const refusedUntil = await this.refusedUntil(ipHash, email, id);
    if (refusedUntil !== null) await this.window.forget({ id });
    else await this.window.prune();
    return refusedUntil;
  }

  /** Now, as the window counts it (epoch ms). */
  nowMs(): number {
    return this.window.now().getTime();
  }

  private async refusedUntil(ipHash: string, email: string, ownId: number): Promise<number | null> {
    const address = await this.window.fullUntil({ ipHash }, ownId, LIMITS.loginFailuresAllowed);
    if (address !== null) return address;
    const account = await this.window.fullUntil({ email }, ownId, SERVER_LIMITS.loginAccountFailuresBackstop);
    if (account === null) return null;
    const failedHere = await this.window.fullUntil({ ipHash, email }, ownId, 1);
    return failedHere === null ? null : Math.min(account, failedHere);
  }
}
