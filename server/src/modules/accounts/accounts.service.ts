import { randomBytes } from 'node:crypto';
import {
  type EmailChangeInput,
  LIMITS,
  type LoginInput,
  type RegisterInput,
  SERVER_LIMITS,
  SERVER_MESSAGES,
  SUSPENSION_MESSAGES,
} from '@curbside/shared';
import { type DataSource, type EntityManager, LessThan } from 'typeorm';
import { isUniqueViolation } from '../../db/errors';
import { runInTransaction } from '../../db/transaction';
import { conflict, DomainError } from '../../errors';
import type { Log } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { windowFull } from '../../lib/sliding-window';
import type { TokensService } from '../tokens/tokens.service';
import { AddressThrottle } from './address-throttle';
import { EmailVerificationTokenEntity } from './email-verification-token.entity';
import { LoginThrottle } from './login-throttle';
import { OneTimeLinks } from './one-time-token';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password';
import { PasswordResetThrottle } from './password-reset-throttle';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { RegistrationAttemptEntity } from './registration-attempt.entity';
import { RevokedSessionEntity } from './revoked-session.entity';
import { UserEntity } from './user.entity';

const INVALID_CREDENTIALS = 'Invalid email or password';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

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
  /** Reset links, at most SERVER_LIMITS.passwordResetMailsPerHour mailed per account an hour. */
  private readonly resetLinks: OneTimeLinks<PasswordResetTokenEntity>;
  /** Links that confirm an address, at most SERVER_LIMITS.verificationMailsPerHour mailed per account an hour. */
  private readonly verificationLinks: OneTimeLinks<EmailVerificationTokenEntity>;
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
    this.resetLinks = new OneTimeLinks(
      deps.ds,
      PasswordResetTokenEntity,
      LIMITS.passwordResetTokenTtlMs,
      SERVER_LIMITS.passwordResetMailsPerHour,
      this.now,
    );
    this.verificationLinks = new OneTimeLinks(
      deps.ds,
      EmailVerificationTokenEntity,
      SERVER_LIMITS.emailVerificationTokenTtlMs,
      SERVER_LIMITS.verificationMailsPerHour,
      this.now,
    );
  }

  private get users() {
    return this.deps.ds.getRepository(UserEntity);
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /**
   * The user a session cookie names, in one query: null when the session was ended by signing out, the user's
   * session generation has moved on (logout everywhere, password change or reset) or the account is suspended.
   */
  findSessionUser(userId: number, generation: number, sessionId: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .where('user.id = :userId AND user.sessionGeneration = :generation', { userId, generation })
      .andWhere('user.suspendedAt IS NULL')
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
  async register(input: RegisterInput, ipHash: string, log?: Log): Promise<UserEntity> {
    await this.registrationThrottle.admit(ipHash);
    const usernameKey = input.username.toLowerCase();
    await this.assertAvailable(input.email, usernameKey);
    const passwordHash = await hashPassword(input.password);
    let user: UserEntity;
    try {
      user = await this.users.save(
        this.users.create({
          email: input.email,
          username: input.username,
          usernameKey,
          name: input.name ?? null,
          passwordHash,
          role: 'user',
          emailVerifiedAt: null,
          pendingEmail: null,
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
    // The account exists whether or not the mail goes out: the profile offers to send the link again.
    await this.mailVerificationLink(user, user.email, log).catch((error: unknown) =>
      log?.error({ err: error }, 'the verification e-mail of a new account was not sent'),
    );
    return user;
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
    // Said only to whoever knows the password, so the message tells no one else that the account exists.
    if (user.suspendedAt) throw new DomainError('FORBIDDEN', SUSPENSION_MESSAGES.accountSuspended);
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
    await this.assertCurrentPassword(userId, currentPassword, ipHash);
    const passwordHash = await hashPassword(newPassword);
    await runInTransaction(this.deps.ds, (em) => this.setPassword(em, userId, passwordHash));
    return this.users.findOneByOrFail({ id: userId });
  }

  /** The user, once `currentPassword` is theirs; a wrong one counts as a failed sign-in of the address (400). */
  private async assertCurrentPassword(userId: number, currentPassword: string, ipHash: string): Promise<UserEntity> {
    const user = await this.users.findOneByOrFail({ id: userId });
    const verified = await this.throttle.attempt(ipHash, user.email, async () =>
      (await verifyPassword(user.passwordHash, currentPassword)) ? user : null,
    );
    if (!verified) throw new DomainError('BAD_REQUEST', 'Current password is incorrect');
    return verified;
  }

  /**
   * The one way a password changes (profile, reset link, promotion by ADMIN_EMAIL): the new hash, every session
   * ended, every API token revoked (a token made by whoever held the account stops with them), every reset link
   * not yet used voided (marked used), so a link mailed before the change cannot undo it, and a pending e-mail change
   * dropped, so its link cannot move the account to an address of whoever asked for it.
   */
  private async setPassword(em: EntityManager, userId: number, passwordHash: string): Promise<void> {
    await em.update(UserEntity, { id: userId }, { passwordHash, pendingEmail: null });
    await em.increment(UserEntity, { id: userId }, 'sessionGeneration', 1);
    await this.resetLinks.voidAll(em, userId);
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
    // Past SERVER_LIMITS.passwordResetMailsPerHour, nothing is sent and the response stays the same.
    const issued = await this.resetLinks.issue(user.id);
    if (!('secret' in issued)) return;
    const link = `${this.deps.publicUrl}/reset-password?token=${encodeURIComponent(issued.secret)}`;
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
    const row = await this.resetLinks.find(token);
    if (!row) throw new DomainError('BAD_REQUEST', INVALID_RESET_LINK);
    const passwordHash = await hashPassword(newPassword);
    await runInTransaction(this.deps.ds, async (em) => {
      // Claim the token first: of two concurrent uses, only one changes the password.
      if (!(await this.resetLinks.claim(em, row.id))) throw new DomainError('BAD_REQUEST', INVALID_RESET_LINK);
      await this.setPassword(em, row.userId, passwordHash);
    });
  }

  /**
   * Mails `user` a link that confirms `email` (their address, or the one they asked to change to). Past
   * SERVER_LIMITS.verificationMailsPerHour mails to the account this hour: 429, nothing sent.
   */
  private async mailVerificationLink(user: UserEntity, email: string, log?: Log): Promise<void> {
    const issued = await this.verificationLinks.issue(user.id, { email });
    if (!('secret' in issued)) {
      throw windowFull(SERVER_MESSAGES.verificationThrottled, issued.fullUntil, this.now().getTime());
    }
    const link = `${this.deps.publicUrl}/verify-email?token=${encodeURIComponent(issued.secret)}`;
    const site = this.deps.siteName;
    const changing = email !== user.email;
    await this.deps.mailer.send(
      {
        to: email,
        subject: changing ? `Confirm your new ${site} e-mail address` : `Verify your ${site} e-mail address`,
        link,
        text: [
          `Hi ${user.name ?? user.username},`,
          '',
          changing
            ? `You asked to change the e-mail address of your ${site} account to this one. To confirm it, open this link within the next 48 hours:`
            : `Welcome to ${site}! To confirm that this is your e-mail address, open this link within the next 48 hours:`,
          '',
          link,
          '',
          changing
            ? 'If it was not you, ignore this e-mail: the account keeps its current address.'
            : 'If you did not create an account, ignore this e-mail.',
        ].join('\n'),
      },
      log,
    );
  }

  /**
   * Sends the link again: to the address the user asked to change to, or else to their unverified address; 409 when
   * there is nothing to confirm. Returns the address it was sent to.
   */
  async resendVerification(userId: number, log?: Log): Promise<string> {
    const user = await this.users.findOneByOrFail({ id: userId });
    const email = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
    if (!email) throw conflict(SERVER_MESSAGES.emailAlreadyVerified);
    await this.mailVerificationLink(user, email, log);
    return email;
  }

  /**
   * Follows a verification link: confirms the account's address, or makes the address the user asked to change to
   * the account's (verified). A link works once, for 48 hours, and only while its address is still the account's or
   * the pending one. Returns the account's address afterwards and whether it changed.
   */
  async verifyEmail(token: string): Promise<{ email: string; changed: boolean }> {
    const invalid = () => new DomainError('BAD_REQUEST', SERVER_MESSAGES.verificationLinkInvalid);
    const row = await this.verificationLinks.find(token);
    if (!row) throw invalid();
    try {
      return await runInTransaction(this.deps.ds, async (em) => {
        if (!(await this.verificationLinks.claim(em, row.id))) throw invalid();
        const user = await em.findOneByOrFail(UserEntity, { id: row.userId });
        const now = this.now();
        if (row.email === user.email) {
          if (!user.emailVerifiedAt) await em.update(UserEntity, { id: user.id }, { emailVerifiedAt: now });
          return { email: user.email, changed: false };
        }
        if (row.email !== user.pendingEmail) throw invalid();
        if (await em.existsBy(UserEntity, { email: row.email })) throw conflict(SERVER_MESSAGES.emailTaken);
        await em.update(UserEntity, { id: user.id }, { email: row.email, pendingEmail: null, emailVerifiedAt: now });
        return { email: row.email, changed: true };
      });
    } catch (error) {
      // Another account took the address between the check and the update: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(SERVER_MESSAGES.emailTaken);
      throw error;
    }
  }

  /**
   * My Profile's e-mail change, after checking the current password (counted as a sign-in, like a password change):
   * the new address is kept as pending and mailed a link; it replaces the current one only when that link is
   * followed, so until then the account keeps its address (sign-in, resets, mails). Asking for the current address
   * drops a pending change. Returns the fresh row.
   */
  async requestEmailChange(userId: number, input: EmailChangeInput, ipHash: string, log?: Log): Promise<UserEntity> {
    const user = await this.assertCurrentPassword(userId, input.currentPassword, ipHash);
    if (input.email === user.email) {
      await this.users.update({ id: userId }, { pendingEmail: null });
    } else {
      if (await this.users.existsBy({ email: input.email })) throw conflict(SERVER_MESSAGES.emailTaken);
      await this.mailVerificationLink(user, input.email, log);
      await this.users.update({ id: userId }, { pendingEmail: input.email });
    }
    return this.users.findOneByOrFail({ id: userId });
  }

  /**
   * ADMIN_EMAIL/ADMIN_PASSWORD at start: create that admin, or promote the existing account. Whoever registered the
   * address first keeps nothing: the promoted account gets ADMIN_PASSWORD, every session, API token, reset link and
   * pending e-mail change of it ends, and its address counts as verified (the operator vouches for it).
   */
  async ensureAdmin(email: string, password: string): Promise<'created' | 'promoted' | 'unchanged'> {
    const existing = await this.users.findOneBy({ email });
    if (existing) {
      if (existing.role === 'admin') return 'unchanged';
      const passwordHash = await hashPassword(password);
      await runInTransaction(this.deps.ds, async (em) => {
        await this.setPassword(em, existing.id, passwordHash);
        await em.update(UserEntity, { id: existing.id }, { role: 'admin', emailVerifiedAt: this.now() });
      });
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
        emailVerifiedAt: this.now(),
      });
    } catch (error) {
      // Several app servers starting together with the same ADMIN_EMAIL: one creates it, the others find it.
      if (isUniqueViolation(error) && (await this.users.existsBy({ email }))) return this.ensureAdmin(email, password);
      throw error;
    }
    return 'created';
  }
}
