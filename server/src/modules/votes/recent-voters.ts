import { LIMITS } from '@curbside/shared';
import type { DataSource } from 'typeorm';
import { readSqlDate, sqlDateParam } from '../../db/sql-dates';

/** How often votes counted by other app servers are read back. */
export const RECENT_VOTERS_REFRESH_MS = 2_000;
/**
 * Each refresh reads the votes from the newest id the refresh this many refreshes before it saw: transactions commit
 * out of order, so a vote can become visible after one with a higher id was read.
 */
const REREAD_REFRESHES = 2;

/**
 * The viewers (IP hashes) with a vote inside the 24-hour cooldown, and the cars each voted for, in memory. Cached car
 * responses are computed for a viewer who has not voted (every hasVoted false); a viewer this index holds gets them
 * with hasVoted set on the cars it names for them (cache-policies.ts), so hasVoted stays exact. Loaded from
 * vote_limits at start, told of every vote this server counts at once, and refreshed every RECENT_VOTERS_REFRESH_MS
 * with the votes rows added since (by id, so the clocks of other app servers do not matter), for votes counted by
 * other app servers. One entry per recent voter (about 130 bytes) and 16 bytes per car they voted for.
 */
export class RecentVoters {
  private readonly lastVoteAt = new Map<string, number>();
  /** Per voter, the cars voted for as [carId, time, carId, time, …]. */
  private readonly votedCars = new Map<string, number[]>();
  /** The newest votes.id of the last REREAD_REFRESHES refreshes, oldest first; the start loads up to the first. */
  private readonly newestIds: number[] = [];
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

  /** The cars this viewer voted for inside the cooldown. */
  votedCarsOf(ipHash: string): number[] {
    const cars = this.votedCars.get(ipHash);
    if (!cars) return [];
    const cooldownStart = this.now() - LIMITS.voteCooldownMs;
    const ids: number[] = [];
    for (let i = 0; i < cars.length; i += 2) if ((cars[i + 1] as number) > cooldownStart) ids.push(cars[i] as number);
    return ids;
  }

  /** A vote this server just counted (before its response is sent). */
  record(ipHash: string, at: Date, carId: number): void {
    const time = at.getTime();
    const previous = this.lastVoteAt.get(ipHash) ?? 0;
    if (time > previous) this.lastVoteAt.set(ipHash, time);
    const cars = this.votedCars.get(ipHash);
    if (!cars) {
      this.votedCars.set(ipHash, [carId, time]);
      return;
    }
    for (let i = 0; i < cars.length; i += 2) {
      if (cars[i] === carId) {
        cars[i + 1] = Math.max(cars[i + 1] as number, time);
        return;
      }
    }
    cars.push(carId, time);
  }

  /**
   * Reads the votes added since the refresh REREAD_REFRESHES before this one (the first time: every voter of the
   * cooldown, from vote_limits) and forgets expired ones.
   */
  async refresh(): Promise<void> {
    const cooldownStart = this.now() - LIMITS.voteCooldownMs;
    const readFrom = this.newestIds[0];
    let newestId: number;
    if (readFrom === undefined) {
      // The newest id first: a vote added while the cooldown loads is read again by the next refresh.
      const [newest]: { id: number | string | null }[] = await this.ds.query('SELECT MAX(id) AS id FROM votes');
      newestId = Number(newest?.id ?? 0);
      const votes: { carId: number | string; ipHash: string; at: Date | string }[] = await this.ds.query(
        'SELECT carId, ipHash, lastVotedAt AS at FROM vote_limits WHERE lastVotedAt > ?',
        [sqlDateParam(this.ds, new Date(cooldownStart))],
      );
      for (const vote of votes) this.record(vote.ipHash, readSqlDate(vote.at), Number(vote.carId));
    } else {
      const votes: { id: number | string; carId: number | string; ipHash: string; createdAt: Date | string }[] =
        await this.ds.query('SELECT id, carId, ipHash, createdAt FROM votes WHERE id > ? ORDER BY id', [readFrom]);
      for (const vote of votes) this.record(vote.ipHash, readSqlDate(vote.createdAt), Number(vote.carId));
      newestId = Math.max(readFrom, Number(votes.at(-1)?.id ?? 0), this.newestIds.at(-1) ?? 0);
    }
    this.newestIds.push(newestId);
    if (this.newestIds.length > REREAD_REFRESHES) this.newestIds.shift();
    // forEach, not for…of: an entries iterator allocates a [key, value] pair per voter, every refresh.
    this.lastVoteAt.forEach((at, ipHash) => {
      if (at <= cooldownStart) {
        this.lastVoteAt.delete(ipHash);
        this.votedCars.delete(ipHash);
        return;
      }
      const cars = this.votedCars.get(ipHash);
      if (!cars?.some((time, i) => i % 2 === 1 && time <= cooldownStart)) return;
      this.votedCars.set(
        ipHash,
        cars.filter((_, i) => (cars[i - (i % 2) + 1] as number) > cooldownStart),
      );
    });
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
