import { LIMITS } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { readSqlDate, sqlDateParam } from '../../db/sql-dates';

/** How often votes counted by other app servers are read back. */
export const RECENT_VOTERS_REFRESH_MS = 2_000;
/** Each refresh re-reads this much time before the newest vote it saw: clocks of app servers differ a little. */
const CLOCK_SLACK_MS = 60_000;

/**
 * The viewers (IP hashes) with a vote inside the 24-hour cooldown, in memory. Cached car responses are computed for a
 * viewer who has not voted (every hasVoted false); they are given only to viewers this index does not hold, and
 * everyone else gets a response computed for them, so hasVoted stays exact. Loaded from vote_limits at start, told of
 * every vote this server counts at once, and refreshed from the database every RECENT_VOTERS_REFRESH_MS for votes
 * counted by other app servers. One entry per recent voter (about 100 bytes).
 */
export class RecentVoters {
  private readonly lastVoteAt = new Map<string, number>();
  /** The newest lastVotedAt read from the database so far. */
  private newestSeen = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ds: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this viewer's last vote is inside the cooldown. */
  includes(ipHash: string): boolean {
    const at = this.lastVoteAt.get(ipHash);
    return at !== undefined && at > this.now() - LIMITS.voteCooldownMs;
  }

  /** A vote this server just counted (before its response is sent). */
  record(ipHash: string, at: Date): void {
    const previous = this.lastVoteAt.get(ipHash) ?? 0;
    if (at.getTime() > previous) this.lastVoteAt.set(ipHash, at.getTime());
  }

  /** Reads the votes counted since the last refresh (at start: the whole cooldown) and forgets expired ones. */
  async refresh(): Promise<void> {
    const cooldownStart = this.now() - LIMITS.voteCooldownMs;
    const from = Math.max(cooldownStart, this.newestSeen - CLOCK_SLACK_MS);
    const rows: { ipHash: string; at: Date | string }[] = await this.ds.query(
      'SELECT ipHash, MAX(lastVotedAt) AS at FROM vote_limits WHERE lastVotedAt > ? GROUP BY ipHash',
      [sqlDateParam(this.ds, new Date(from))],
    );
    for (const row of rows) {
      const at = readSqlDate(row.at);
      this.record(row.ipHash, at);
      this.newestSeen = Math.max(this.newestSeen, at.getTime());
    }
    for (const [ipHash, at] of this.lastVoteAt) if (at <= cooldownStart) this.lastVoteAt.delete(ipHash);
  }

  /** Loads the index, then keeps refreshing it until stop(). A failed refresh is retried at the next tick. */
  async start(onError: (error: unknown) => void): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => this.refresh().catch(onError), RECENT_VOTERS_REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
