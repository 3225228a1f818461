import {
  type AdminUser,
  type LiftSuspensionInput,
  SUSPENSION_MESSAGES as S,
  type SuspendUserInput,
  type SuspensionRecord,
  type SuspensionsOverview,
} from '@curbside/shared';
import { type DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import { likeContains } from '../../db/like';
import { runInTransaction } from '../../db/transaction';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { UserEntity } from '../accounts/user.entity';
import { CarEntity } from '../cars/car.entity';
import { liftSuspension, type SuspensionChange, type SuspensionResult, suspendUser } from './suspension';
import { SuspensionRecordEntity } from './suspension-record.entity';

/** The users a search lists, and the suspensions and records the overview lists (the latest first). */
const USERS_FOUND = 20;
const SUSPENDED_LISTED = 200;
const RECORDS_LISTED = 100;

export interface SuspensionsDeps {
  ds: DataSource;
  mailer: Mailer;
  siteName: string;
}

/**
 * Suspensions for the admin: finding a user, suspending and lifting (suspension.ts, in one transaction each, then an
 * e-mail to the user saying what was done and why) and the list of suspended accounts and of every suspension and
 * lift. The admin acting comes from the procedure (adminProcedure's actor), never from the input.
 */
export class SuspensionsService {
  constructor(private readonly deps: SuspensionsDeps) {}

  /** Suspends `input.id` for the admin `byAdminId`, then mails the user the note. */
  async suspend(byAdminId: number, input: SuspendUserInput, log?: Log): Promise<AdminUser> {
    const result = await this.change(suspendUser, { userId: input.id, byAdminId, note: input.note }, log);
    return toAdminUser(result.user);
  }

  /**
   * Suspends as `suspend` does, and runs `also` in the same transaction after it (the user's row locked, so `also`
   * takes any car's lock after the user's, the order every write keeps): another domain's step that must stand or
   * fall with the suspension (a review action, moderation.service.ts). The user is mailed once both are committed.
   */
  async suspendWith<T>(
    byAdminId: number,
    input: SuspendUserInput,
    also: (em: EntityManager) => Promise<T>,
    log?: Log,
  ): Promise<T> {
    const { done } = await this.change(
      async (em, change) => {
        const result = await suspendUser(em, change);
        return { ...result, done: await also(em) };
      },
      { userId: input.id, byAdminId, note: input.note },
      log,
    );
    return done;
  }

  /** Lifts the suspension of `input.id`, then tells the user they may sign in again. */
  async lift(byAdminId: number, input: LiftSuspensionInput, log?: Log): Promise<AdminUser> {
    const result = await this.change(liftSuspension, { userId: input.id, byAdminId, note: input.note ?? null }, log);
    return toAdminUser(result.user);
  }

  /**
   * One suspension or lift in its own transaction, then the user's e-mail. The change stands whether or not the mail
   * goes out (a failure is logged): the account's state must not wait on the mail server.
   */
  private async change<R extends SuspensionResult>(
    step: (em: EntityManager, change: SuspensionChange) => Promise<R>,
    change: SuspensionChange,
    log?: Log,
  ): Promise<R> {
    const result = await runInTransaction(this.deps.ds, (em) => step(em, change));
    await this.mail(result.user, change.note, log).catch((error: unknown) =>
      log?.error({ err: error, userId: result.user.id }, 'the e-mail about a suspension was not sent'),
    );
    return result;
  }

  private mail(user: UserEntity, note: string | null, log?: Log): Promise<void> {
    const site = this.deps.siteName;
    const name = user.name ?? user.username;
    const mail = S.mail;
    return this.deps.mailer.send(
      user.suspendedAt
        ? { to: user.email, subject: mail.suspendedSubject(site), text: mail.suspendedText(name, site, note ?? '') }
        : { to: user.email, subject: mail.liftedSubject(site), text: mail.liftedText(name, site, note) },
      log,
    );
  }

  /** Users whose username or e-mail address contains `q` (ignoring case), up to USERS_FOUND, by username. */
  async findUsers(q: string): Promise<AdminUser[]> {
    const pattern = likeContains(q);
    const users = await this.deps.ds
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .where("(user.usernameKey LIKE :pattern ESCAPE '!' OR user.email LIKE :pattern ESCAPE '!')", { pattern })
      .orderBy('user.usernameKey', 'ASC')
      .take(USERS_FOUND)
      .getMany();
    return users.map(toAdminUser);
  }

  /** The accounts suspended now (latest first, each with its suspension's record and hidden cars), and the record. */
  async overview(): Promise<SuspensionsOverview> {
    const { ds } = this.deps;
    const suspended = await ds.getRepository(UserEntity).find({
      where: { suspendedAt: Not(IsNull()) },
      order: { suspendedAt: 'DESC', id: 'DESC' },
      take: SUSPENDED_LISTED,
    });
    const ids = suspended.map((user) => user.id);
    const [cars, suspensions, history] = await Promise.all([
      ids.length ? ds.getRepository(CarEntity).find({ where: { ownerId: In(ids) }, order: { id: 'ASC' } }) : [],
      ids.length
        ? ds
            .getRepository(SuspensionRecordEntity)
            .find({ where: { userId: In(ids), action: 'suspended' }, order: { id: 'DESC' } })
        : [],
      ds.getRepository(SuspensionRecordEntity).find({ order: { id: 'DESC' }, take: RECORDS_LISTED }),
    ]);
    const toRecord = await this.recordMapper([...suspensions, ...history], suspended);
    return {
      suspended: suspended.map((user) => {
        const latest = suspensions.find((row) => row.userId === user.id);
        return {
          user: toAdminUser(user),
          suspension: latest ? toRecord(latest) : null,
          cars: cars
            .filter((car) => car.ownerId === user.id)
            .map(({ id, slug, make, model, year, totalVotes }) => ({ id, slug, make, model, year, totalVotes })),
        };
      }),
      history: history.map(toRecord),
    };
  }

  /** Maps records to their listed shape, with the usernames of the accounts and admins they name. */
  private async recordMapper(
    rows: SuspensionRecordEntity[],
    known: UserEntity[],
  ): Promise<(row: SuspensionRecordEntity) => SuspensionRecord> {
    const names = new Map(known.map((user) => [user.id, user.username]));
    const missing = [...new Set(rows.flatMap((row) => [row.userId, row.byAdminId]))].filter((id) => !names.has(id));
    if (missing.length) {
      const users = await this.deps.ds
        .getRepository(UserEntity)
        .find({ where: { id: In(missing) }, select: { id: true, username: true } });
      for (const user of users) names.set(user.id, user.username);
    }
    const person = (id: number) => {
      const username = names.get(id);
      return username === undefined ? null : { id, username };
    };
    return (row) => ({
      id: row.id,
      user: person(row.userId) ?? { id: row.userId, username: `#${row.userId}` },
      action: row.action,
      note: row.note,
      by: person(row.byAdminId),
      createdAt: row.createdAt.toISOString(),
    });
  }
}

export function toAdminUser(user: UserEntity): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
