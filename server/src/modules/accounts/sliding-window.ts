import { type DeepPartial, type FindOptionsWhere, LessThan, MoreThan, Not, type Repository } from 'typeorm';

interface WindowRow {
  id: number;
  createdAt: Date;
}

/**
 * The counting of every throttle: a request first writes its own row, then counts the rows of the window. Counting
 * after writing is what makes requests that arrive together (in parallel, or in one tRPC batch) see each other: of
 * requests counted one after another, the k-th sees the rows of the k-1 before it, so no more than the limit get
 * through, whatever the timing, on any number of servers sharing the database. A request counted while others are
 * still being written may be refused too early; it is never let through twice.
 */
export class SlidingWindow<E extends WindowRow> {
  constructor(
    private readonly repo: Repository<E>,
    readonly windowMs: number,
    readonly now: () => Date,
  ) {}

  /** Writes the request's row (createdAt: now) and returns its id. */
  async record(row: DeepPartial<E>): Promise<number> {
    const inserted = await this.repo.insert({ ...row, createdAt: this.now() } as never);
    return Number(inserted.identifiers[0]?.id);
  }

  /**
   * Null while fewer than `limit` rows other than `ownId` match `where` in the window; otherwise the moment one of
   * those leaves the window and a place frees (epoch ms).
   */
  async fullUntil(where: FindOptionsWhere<E>, ownId: number, limit: number): Promise<number | null> {
    const since = new Date(this.now().getTime() - this.windowMs);
    const oldestCounted = await this.repo.find({
      where: { ...where, id: Not(ownId), createdAt: MoreThan(since) } as FindOptionsWhere<E>,
      order: { createdAt: 'DESC', id: 'DESC' } as never,
      skip: limit - 1,
      take: 1,
      select: { id: true, createdAt: true } as never,
    });
    const row = oldestCounted[0];
    return row ? row.createdAt.getTime() + this.windowMs : null;
  }

  /**
   * Removes rows: a refused request's own (so refused requests neither count nor push the retry time further out),
   * or the ones a success forgives.
   */
  async forget(where: FindOptionsWhere<E>): Promise<void> {
    await this.repo.delete(where);
  }

  /** Now and then, drops rows that left the window (they no longer count), so the table stays small. */
  async prune(): Promise<void> {
    if (Math.random() >= 0.05) return;
    const cutoff = new Date(this.now().getTime() - this.windowMs);
    await this.repo.delete({ createdAt: LessThan(cutoff) } as FindOptionsWhere<E>);
  }
}
