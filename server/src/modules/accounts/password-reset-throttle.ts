import { type DataSource, LessThan, LessThanOrEqual, MoreThan } from 'typeorm';
import { PasswordResetRequestEntity } from './password-reset-request.entity';
import { tryAgainLater } from './throttle-error';

/** Password-reset requests allowed from one IP (IPv6: one /64) per window, whatever the e-mail. */
export const RESET_REQUESTS_PER_IP = 10;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Refuses a password-reset request with 429 once an IP has made RESET_REQUESTS_PER_IP in the window, so one address
 * cannot mail-bomb many inboxes (the per-account limit stops at 3 mails an hour each). It counts every request,
 * known e-mail or not, so the answer still reveals nothing about which accounts exist.
 */
export class PasswordResetThrottle {
  constructor(
    private readonly ds: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get repo() {
    return this.ds.getRepository(PasswordResetRequestEntity);
  }

  /**
   * Records the request, then counts it among the ones before it (by id, so two servers at once cannot both take
   * the last place). A refused request is removed again, so hammering does not push the retry time further out.
   */
  async admit(ipHash: string): Promise<void> {
    const now = this.now();
    const since = new Date(now.getTime() - RESET_REQUEST_WINDOW_MS);
    const inserted = await this.repo.insert({ ipHash, createdAt: now });
    const id = Number(inserted.identifiers[0]?.id);
    const counted = await this.repo.find({
      where: { ipHash, id: LessThanOrEqual(id), createdAt: MoreThan(since) },
      order: { id: 'DESC' },
      take: RESET_REQUESTS_PER_IP + 1,
      select: { id: true, createdAt: true },
    });
    if (counted.length > RESET_REQUESTS_PER_IP) {
      await this.repo.delete({ id });
      // Free again once the RESET_REQUESTS_PER_IP-th request before this one leaves the window.
      const oldest = counted[RESET_REQUESTS_PER_IP]!.createdAt.getTime();
      throw tryAgainLater('Too many password reset requests.', oldest + RESET_REQUEST_WINDOW_MS, now.getTime());
    }
    if (Math.random() < 0.05) await this.repo.delete({ createdAt: LessThan(since) });
  }
}
