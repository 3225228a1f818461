import { createHash } from 'node:crypto';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { AccountsService } from '../modules/accounts/accounts.service';
import type { UserEntity } from '../modules/accounts/user.entity';

// Sessions live in an encrypted, HttpOnly cookie, so any app server can read them.
// Stateless cookies cannot be revoked on their own: each carries the user's session generation, and a cookie
// whose generation is behind the user's row is treated as signed out (logout everywhere, password change).

export const SESSION_COOKIE = 'curbside_session';
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

declare module '@fastify/secure-session' {
  interface SessionData {
    userId: number;
    generation: number;
  }
}

/** A 32-byte key from the configured secret; several comma-separated secrets allow rotation (newest first signs). */
export function sessionKeys(secret: string): Buffer[] {
  return secret
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => createHash('sha256').update(`curbside-session:${s}`).digest());
}

export const sessionPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(secureSession, {
    key: sessionKeys(config.sessionSecret),
    cookieName: SESSION_COOKIE,
    expiry: SESSION_MAX_AGE_S,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: SESSION_MAX_AGE_S,
    },
  });
});

export async function readSessionUser(req: FastifyRequest, accounts: AccountsService): Promise<UserEntity | null> {
  const userId = req.session.get('userId');
  const generation = req.session.get('generation');
  if (typeof userId !== 'number' || typeof generation !== 'number') return null;
  const user = await accounts.findById(userId);
  if (!user || user.sessionGeneration !== generation) {
    req.session.delete();
    return null;
  }
  return user;
}

export function startSession(req: FastifyRequest, user: UserEntity): void {
  // A fresh cookie value on every sign-in: nothing from an earlier session carries over.
  req.session.regenerate();
  req.session.set('userId', user.id);
  req.session.set('generation', user.sessionGeneration);
}

export function endSession(req: FastifyRequest): void {
  req.session.delete();
}
