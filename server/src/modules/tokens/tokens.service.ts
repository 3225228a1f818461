import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreateInput,
  type ApiTokenScope,
  type CreatedApiToken,
  SERVER_LIMITS,
  SERVER_MESSAGES,
  SUSPENSION_MESSAGES,
} from '@curbside/shared';
import type { DataSource, EntityManager } from 'typeorm';
import { conflict, DomainError, forbidden, notFound } from '../../errors';
import { sha256 } from '../../lib/sha256';
import { windowFull } from '../../lib/sliding-window';
import { LoginThrottle } from '../accounts/login-throttle';
import type { UserEntity } from '../accounts/user.entity';
import { ApiTokenEntity } from './api-token.entity';
import { toApiTokenDto } from './api-token-dto';

/** Who a valid token speaks for, and what it may do. */
export interface TokenUse {
  user: UserEntity;
  scope: ApiTokenScope;
}

/** Characters of a token kept to tell it apart in the list: the prefix and four of the secret. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

/**
 * Personal API tokens: made, listed and revoked by their owner; checked on every request that sends one. A wrong
 * token counts as a failed sign-in of its address (the same throttle and limits as a wrong password), so guessing
 * tokens costs the address its sign-ins; a right token is never refused for the failures of others at its address.
 */
export class TokensService {
  private readonly throttle: LoginThrottle;
  private readonly now: () => Date;

  constructor(private readonly deps: { ds: DataSource; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
    this.throttle = new LoginThrottle(deps.ds, this.now);
  }

  private get tokens() {
    return this.deps.ds.getRepository(ApiTokenEntity);
  }

  /**
   * A new token of `user`, with its secret (shown this once). The admin scope is for admins only; a user holds at
   * most SERVER_LIMITS.apiTokensPerUser tokens, counted after the new one is written so that tokens made at once
   * cannot pass the limit together.
   */
  async create(user: UserEntity, input: ApiTokenCreateInput): Promise<CreatedApiToken> {
    if (input.scope === 'admin' && user.role !== 'admin') {
      throw forbidden(SERVER_MESSAGES.apiTokenAdminScopeForAdmins);
    }
    const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = await this.tokens.save(
      this.tokens.create({
        userId: user.id,
        name: input.name,
        scope: input.scope,
        tokenHash: sha256(token),
        hint: token.slice(0, HINT_LENGTH),
        lastUsedAt: null,
      }),
    );
    if ((await this.tokens.countBy({ userId: user.id })) > SERVER_LIMITS.apiTokensPerUser) {
      await this.tokens.delete({ id: row.id });
      throw conflict(SERVER_MESSAGES.apiTokensPerUserReached(SERVER_LIMITS.apiTokensPerUser));
    }
    return { ...toApiTokenDto(row), token };
  }

  /** The user's tokens, newest first. */
  async list(userId: number): Promise<ApiToken[]> {
    const rows = await this.tokens.find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toApiTokenDto);
  }

  /** Deletes one of the user's tokens: the next request that sends it is refused. Another's token is not found. */
  async revoke(userId: number, id: number): Promise<void> {
    const deleted = await this.tokens.delete({ id, userId });
    if (!deleted.affected) throw notFound(SERVER_MESSAGES.apiTokenNotFound);
  }

  /**
   * Revokes every token of the user, inside the caller's transaction when given one: part of taking an account back
   * (a password change or reset, promotion by ADMIN_EMAIL) and, when asked, of signing out everywhere.
   */
  async revokeAll(userId: number, em: EntityManager = this.deps.ds.manager): Promise<void> {
    await em.delete(ApiTokenEntity, { userId });
  }

  /**
   * The user and scope of a token sent with a request. A token that exists is accepted whatever its address has
   * failed before, and costs no throttle row — unless its account is suspended (403). Otherwise (never made, revoked, or not even a token's shape) the failure
   * counts as a failed sign-in of the address, under the wrong token's hash: 401, or past the address's limit 429 —
   * except for a read (`read`), which always gets 401, since a read is never refused for others' mistakes.
   */
  async authenticate(token: string, ipHash: string, options: { read: boolean }): Promise<TokenUse> {
    const tokenHash = sha256(token);
    const row = TOKEN_SHAPE.test(token)
      ? await this.tokens.findOne({ where: { tokenHash }, relations: { user: true } })
      : null;
    if (!row) {
      const refusedUntil = await this.throttle.fail(ipHash, `api-token:${tokenHash}`);
      if (refusedUntil !== null && !options.read) {
        throw windowFull(SERVER_MESSAGES.signInThrottled, refusedUntil, this.throttle.nowMs());
      }
      throw new DomainError('UNAUTHORIZED', SERVER_MESSAGES.apiTokenInvalid);
    }
    // A suspended account's tokens are kept but refused until the suspension is lifted (suspensions/).
    if (row.user.suspendedAt) throw forbidden(SUSPENSION_MESSAGES.accountSuspended);
    const now = this.now();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= SERVER_LIMITS.apiTokenLastUsedEveryMs) {
      await this.tokens.update({ id: row.id }, { lastUsedAt: now });
    }
    return { user: row.user, scope: row.scope };
  }
}

/** What create() makes: the prefix and 32 random bytes in base64url. Anything else is not looked up. */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
