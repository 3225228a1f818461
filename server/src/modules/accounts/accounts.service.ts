import { randomBytes } from 'node:crypto';
import { LIMITS, type LoginInput, type RegisterInput, SERVER_LIMITS, SERVER_MESSAGES } from '@curbside/shared';
import { type DataSource, type EntityManager, IsNull, LessThan } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import { conflict, DomainError } from '../../errors';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { sha256 } from '../../lib/sha256';
import { SlidingWindow } from '../../lib/sliding-window';
import type { TokensService } from '../tokens/tokens.service';
import { AddressThrottle } from './address-throttle';
import { LoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { PasswordResetThrottle } from './password-reset-throttle';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { RegistrationAttemptEntity } from './registration-attempt.entity';
import { RevokedSessionEntity } from './revoked-session.entity';
import { UserEntity } from './user.entity';

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';
const HOUR_MS = 60 * 60 * 1000;

export interface AccountsDeps {
  ds: DataSource;
  mailer: Mailer;
  /** The account's API tokens, revoked when the account is taken back (setPassword). */
  tokens: Pick<TokensService, 'revokeAll'>;
  publicUrl: string;
  siteName: string;
  /** Accounts one address may try to register per SERVER_LIMITS.registrationWindowMs (config REGISTRATIONS_PER_HOUR). */
  registrationsPerHour?: number;
  now?: () => Date;
}

export class AccountsService {
  private readonly throttle: LoginThrottle;
  private readonly resetThrottle: PasswordResetThrottle;
  private readonly registrationThrottle: AddressThrottle;
  /** Reset tokens made per account in the last hour: the mails it was sent. */
  private readonly resetMails: SlidingWindow<PasswordResetTokenEntity>;
  private readonly now: () => Date;

  constructor(private readonly deps: AccountsDeps) {
    this.now = deps.now ?? (() => new Date());
    this.throttle = new LoginThrottle(deps.ds, this.now);
    this.resetThrottle = new PasswordResetThrottle(deps.ds, this.now);
    this.registrationThrottle = new AddressThrottle(
      deps.ds,
      RegistrationAttemptEntity,
      deps.registrationsPerHour ?? SERVER_LIMITS.registrationsPerAddress,
      SERVER_LIMITS.registrationWindowMs,
      SERVER_MESSAGES.registrationThrottled,
      this.now,
    );
    this.resetMails = new SlidingWindow(deps.ds.getRepository(PasswordResetTokenEntity), HOUR_MS, this.now);
  }

  private get users() {
    return this.deps.ds.getRepository(UserEntity);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /**
   * The user a session cookie names, in one query: null when the session was ended by signing out or the user's
   * session generation has moved on (logout everywhere, password change or reset).
   */
  findSessionUser(userId: number, generation: number, sessionId: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('user.id = :userId AND user.sessionGeneration = :generation', { userId, generation })
      .andWhere((qb) => {
        const revoked = qb
          .subQuery()
          .select('1')
          .from(RevokedSessionEntity, 'revoked')
          .where('revoked.sessionId = :sessionId', { sessionId });
        return `NOT EXISTS ${revoked.getQuery()}`;
      })
      .getOne();
  }

  /** Signing out: the session's cookie stops working even if a copy of it is sent again. */
  async revokeSession(sessionId: string, cookieExpiresAt: Date): Promise<void> {
    const revoked = this.deps.ds.getRepository(RevokedSessionEntity);
    await revoked.createQueryBuilder().insert().values({ sessionId, expiresAt: cookieExpiresAt }).orIgnore().execute();
    // Keep the table small: a cookie past its expiry is refused anyway.
    if (Math.random() < 0.05) await revoked.delete({ expiresAt: LessThan(this.now()) });
  }

  /**
   * Creates the account. Each address may try SERVER_LIMITS.registrationsPerAddress times an hour (429 past that), counted
   * before the e-mail is looked up or the password hashed, and whether or not the account gets created: that bounds
   * both the accounts a script can make and how many e-mails it can test for an account.
   */
  async register(input: RegisterInput, ipHash: string): Promise<UserEntity> {
    await this.registrationThrottle.admit(ipHash);
    const usernameKey = input.username.toLowerCase();
    await this.assertAvailable(input.email, usernameKey);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.users.save(
        this.users.create({
          email: input.email,
          username: input.username,
          usernameKey,
          name: input.name ?? null,
          passwordHash,
          role: 'user',
        }),
      );
    } catch (error) {
      // Two registrations racing for the same e-mail or username: the unique index decides, the loser gets a 409.
      if (isUniqueViolation(error)) {
        await this.assertAvailable(input.email, usernameKey);
        throw conflict('That email or username is already registered.');
      }
      throw error;
    }
  }

  private async assertAvailable(email: string, usernameKey: string): Promise<void> {
    if (await this.users.existsBy({ email })) throw conflict('An account with this email already exists.');
    if (await this.users.existsBy({ usernameKey })) throw conflict('That username is already taken.');
  }

  async login(input: LoginInput, ipHash: string): Promise<UserEntity> {
    const user = await this.throttle.attempt(ipHash, input.email, async () => {
      const found = await this.users.findOneBy({ email: input.email });
      // Verify even when there is no such user, so the response takes the same time either way.
      const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), input.password);
      return ok ? found : null;
    });
    if (!user) throw new DomainError('UNAUTHORIZED', INVALID_CREDENTIALS);
    return user;
  }

  /** Ends every session of this user, this one included, and with `revokeTokens` every API token too. */
  async endAllSessions(userId: number, revokeTokens = false): Promise<void> {
    await runInTransaction(this.deps.ds, async (em) => {
      await em.increment(UserEntity, { id: userId }, 'sessionGeneration', 1);
      if (revokeTokens) await this.deps.tokens.revokeAll(userId, em);
    });
  }

  /**
   * Changes the password after checking the current one, ends every other session and voids every reset link sent
   * before. Returns the fresh row. Wrong current passwords count as failed sign-ins (same throttle, counted before
   * verifying), so a stolen session cannot be used to guess it, not even with many guesses at once.
   */
  async changePassword(
    userId: number,
    currentPassword: string,
    newPassword: string,
    ipHash: string,
  ): Promise<UserEntity> {
    const user = await this.users.findOneByOrFail({ id: userId });
    const verified = await this.throttle.attempt(ipHash, user.email, async () =>
      (await verifyPassword(user.passwordHash, currentPassword)) ? user : null,
    );
    if (!verified) throw new DomainError('BAD_REQUEST', 'Current password is incorrect');
    const passwordHash = await hashPassword(newPassword);
    await runInTransaction(this.deps.ds, (em) => this.setPassword(em, userId, passwordHash));
    return this.users.findOneByOrFail({ id: userId });
  }

  /**
   * The one way a password changes (profile, reset link, promotion by ADMIN_EMAIL): the new hash, every session
   * ended, every API token revoked (a token made by whoever held the account stops with them), and every reset link
   * not yet used voided (marked used), so a link mailed before the change cannot undo it.
   */
  private async setPassword(em: EntityManager, userId: number, passwordHash: string): Promise<void> {
    await em.update(UserEntity, { id: userId }, { passwordHash });
    await em.increment(UserEntity, { id: userId }, 'sessionGeneration', 1);
    await em.update(PasswordResetTokenEntity, { userId, usedAt: IsNull() }, { usedAt: this.now() });
    await this.deps.tokens.revokeAll(userId, em);
  }

  /**
   * Always resolves the same way, whether or not the e-mail has an account. Too many requests from one IP (known
   * e-mails or not) are refused with 429 before the e-mail is looked at.
   */
  async requestPasswordReset(email: string, ipHash: string, log?: Log): Promise<void> {
    await this.resetThrottle.admit(ipHash);
    const user = await this.users.findOneBy({ email });
    if (!user) return;
    // The token is written first and then counted with the others of the hour, so of many requests at once no more
    // than SERVER_LIMITS.passwordResetMailsPerHour send a mail; one past the limit is removed unsent.
    const token = randomBytes(32).toString('base64url');
    const id = await this.resetMails.record({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(this.now().getTime() + LIMITS.passwordResetTokenTtlMs),
      usedAt: null,
    });
    if ((await this.resetMails.fullUntil({ userId: user.id }, id, SERVER_LIMITS.passwordResetMailsPerHour)) !== null) {
      await this.resetMails.forget({ id });
      return;
    }
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send(
      {
        to: user.email,
        subject: `Reset your ${this.deps.siteName} password`,
        link,
        text: [
          `Hi ${user.name ?? user.username},`,
          '',
          `Someone asked to reset the password of your ${this.deps.siteName} account. If it was you, open this link within the next hour:`,
          '',
          link,
          '',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ].join('\n'),
      },
      log,
    );
  }

  /** Sets a new password from a one-time token, ends every session of that user and voids their other links. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const tokens = this.deps.ds.getRepository(PasswordResetTokenEntity);
    const row = await tokens.findOneBy({ tokenHash: sha256(token) });
    if (!row || row.usedAt || row.expiresAt.getTime() <= this.now().getTime()) {
      throw new DomainError('BAD_REQUEST', INVALID_RESET_LINK);
    }
    const passwordHash = await hashPassword(newPassword);
    await runInTransaction(this.deps.ds, async (em) => {
      // Claim the token first: of two concurrent uses, only one changes the password.
      const claimed = await em.update(
        PasswordResetTokenEntity,
        { id: row.id, usedAt: IsNull() },
        { usedAt: this.now() },
      );
      if (!claimed.affected) throw new DomainError('BAD_REQUEST', INVALID_RESET_LINK);
      await this.setPassword(em, row.userId, passwordHash);
    });
  }

  /** ADMIN_EMAIL/ADMIN_PASSWORD at start: create that admin, or promote the existing account (its password stays). */
  async ensureAdmin(email: string, password: string): Promise<'created' | 'promoted' | 'unchanged'> {
    const existing = await this.users.findOneBy({ email });
    if (existing) {
      if (existing.role === 'admin') return 'unchanged';
      await this.users.update({ id: existing.id }, { role: 'admin' });
      return 'promoted';
    }
    const [localPart = ''] = email.split('@'); // split gives at least one element
    const base = localPart.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 14) || 'admin';
    let username = base.length >= LIMITS.usernameMin ? base : `${base}-admin`;
    if (await this.users.existsBy({ usernameKey: username.toLowerCase() }))
      username = `${base}-${randomBytes(2).toString('hex')}`;
    try {
      await this.users.insert({
        email,
        username,
        usernameKey: username.toLowerCase(),
        name: null,
        passwordHash: await hashPassword(password),
        role: 'admin',
      });
    } catch (error) {
      // Several app servers starting together with the same ADMIN_EMAIL: one creates it, the others find it.
      if (isUniqueViolation(error) && (await this.users.existsBy({ email }))) return this.ensureAdmin(email, password);
      throw error;
    }
    return 'created';
  }
}
