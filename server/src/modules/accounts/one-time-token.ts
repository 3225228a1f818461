import { randomBytes } from 'node:crypto';
import {
  Column,
  type DataSource,
  type DeepPartial,
  type EntityManager,
  type EntityTarget,
  type FindOptionsWhere,
  Index,
  IsNull,
  ManyToOne,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { CreatedAtColumn, DateTimeColumn } from '../../db/columns';
import { sha256 } from '../../lib/sha256';
import { SlidingWindow } from '../../lib/sliding-window';
import { UserEntity } from './user.entity';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The columns of a one-time token mailed as a link (password reset, e-mail verification): only its SHA-256 is
 * stored, so a database leak reveals no usable link; it works once (usedAt) and until expiresAt.
 */
export abstract class OneTimeToken {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  user!: Relation<UserEntity>;

  @Column({ type: 'int' })
  userId!: number;

  @DateTimeColumn()
  expiresAt!: Date;

  @DateTimeColumn({ nullable: true })
  usedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}

/**
 * The links of one kind (a table of OneTimeToken rows): issued at most `perHour` times an hour per account (the
 * tokens made are the mails sent, counted after writing so that requests at once cannot pass the limit together),
 * found by their secret while unused and unexpired, and claimed once.
 */
export class OneTimeLinks<E extends OneTimeToken> {
  private readonly window: SlidingWindow<E>;

  constructor(
    private readonly ds: DataSource,
    private readonly entity: EntityTarget<E>,
    private readonly ttlMs: number,
    private readonly perHour: number,
    private readonly now: () => Date,
  ) {
    this.window = new SlidingWindow(ds.getRepository(entity), HOUR_MS, now);
  }

  /**
   * A new link's secret for the user (with the row's other `fields`), or, when the account already had `perHour`
   * links this hour, the moment a place frees (epoch ms); that request's row is removed.
   */
  async issue(
    userId: number,
    fields?: Omit<DeepPartial<E>, keyof OneTimeToken>,
  ): Promise<{ secret: string } | { fullUntil: number }> {
    const secret = randomBytes(32).toString('base64url');
    const id = await this.window.record({
      ...fields,
      userId,
      tokenHash: sha256(secret),
      expiresAt: new Date(this.now().getTime() + this.ttlMs),
      usedAt: null,
    } as DeepPartial<E>);
    const fullUntil = await this.window.fullUntil({ userId } as FindOptionsWhere<E>, id, this.perHour);
    if (fullUntil === null) return { secret };
    await this.window.forget({ id } as FindOptionsWhere<E>);
    return { fullUntil };
  }

  /** The link with this secret while it is unused and unexpired; null otherwise. */
  async find(secret: string): Promise<E | null> {
    const row = await this.ds
      .getRepository(this.entity)
      .findOneBy({ tokenHash: sha256(secret) } as FindOptionsWhere<E>);
    return row && !row.usedAt && row.expiresAt.getTime() > this.now().getTime() ? row : null;
  }

  /** Marks the link used in the transaction; false when another request used it first. */
  async claim(em: EntityManager, id: number): Promise<boolean> {
    const claimed = await em.update(
      this.entity,
      { id, usedAt: IsNull() } as FindOptionsWhere<E>,
      {
        usedAt: this.now(),
      } as never,
    );
    return Boolean(claimed.affected);
  }

  /** Voids (marks used) every unused link of the user. */
  async voidAll(em: EntityManager, userId: number): Promise<void> {
    await em.update(this.entity, { userId, usedAt: IsNull() } as FindOptionsWhere<E>, { usedAt: this.now() } as never);
  }
}
