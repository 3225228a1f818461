import { createHash, randomBytes } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import secureSession, { type Session } from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, sessionSecrets } from '../config';
import type { AccountsService } from '../modules/accounts/accounts.service';
import type { UserEntity } from '../modules/accounts/user.entity';

// Sessions live in an encrypted, HttpOnly cookie, so any app server can read them.
// Stateless cookies cannot be revoked on their own: each carries the user's session generation, and a cookie
// whose generation is behind the user's row is treated as signed out (logout everywhere, password change). Each
// also carries a random session id; signing out stores it as revoked, so a copy of that one cookie stops working.

export const SESSION_COOKIE = 'curbside_session';
const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

declare module '@fastify/secure-session' {
  interface SessionData {
    userId: number;
    generation: number;
    sessionId: string;
  }
}

/** A 32-byte key from the configured secret; several comma-separated secrets allow rotation (newest first signs). */
export function sessionKeys(secret: string): Buffer[] {
  return sessionSecrets(secret).map((s) => createHash('sha256').update(`curbside-session:${s}`).digest());
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
      // Always Secure on an https site; otherwise whenever the request came over https (behind TRUST_PROXY, as the
      // proxy's X-Forwarded-Proto says), so a deployment without PUBLIC_URL still keeps the cookie off plain http.
      secure: config.secureCookies ? true : 'auto',
      maxAge: SESSION_MAX_AGE_S,
    },
  });
});

export async function readSessionUser(req: FastifyRequest, accounts: AccountsService): Promise<UserEntity | null> {
  const user = await userOfSession(req.session, accounts);
  if (!user && req.session.get('userId') !== undefined) req.session.delete();
  return user;
}

/** The user a session names, if it is still valid (its generation current, its id not revoked). */
async function userOfSession(session: Session, accounts: AccountsService): Promise<UserEntity | null> {
  const userId = session.get('userId');
  if (userId === undefined) return null;
  const generation = session.get('generation');
  const sessionId = session.get('sessionId');
  return typeof userId === 'number' && typeof generation === 'number' && typeof sessionId === 'string'
    ? accounts.findSessionUser(userId, generation, sessionId)
    : null;
}

/**
 * For routes outside the session scope (the cached reads, which parse no cookie for their shared responses): the
 * signed-in user of a request, read from its session cookie only when asked. Changes no cookie.
 */
export type CookieUserReader = (req: FastifyRequest) => Promise<UserEntity | null>;

export async function cookieUserReader(
  app: FastifyInstance,
  config: Config,
  accounts: AccountsService,
): Promise<CookieUserReader> {
  let decode: ((cookie: string, req: FastifyRequest) => Session | null) | undefined;
  // The plugin in a scope of its own, with no routes: its decoder, without its hooks on any route.
  await app.register(async (scope) => {
    await scope.register(sessionPlugin, { config });
    decode = (cookie, req) => scope.decodeSecureSession(cookie, req.log);
  });
  return async (req) => {
    const cookie = req.headers.cookie ? fastifyCookie.parse(req.headers.cookie)[SESSION_COOKIE] : undefined;
    const session = cookie && decode ? decode(cookie, req) : null;
    return session ? userOfSession(session, accounts) : null;
  };
}

/**
 * Starts a browser session for `user` (a fresh cookie). A request sent with an API token is a script's, never a
 * browser's: it gets no cookie (startSession and endSession leave the session cookie alone).
 */
export function startSession(req: FastifyRequest, user: UserEntity): void {
  if (req.apiToken) return;
  // A fresh cookie value and session id on every sign-in: nothing from an earlier session carries over.
  req.session.regenerate();
  req.session.set('userId', user.id);
  req.session.set('generation', user.sessionGeneration);
  req.session.set('sessionId', randomBytes(16).toString('base64url'));
}

/** Signs this browser out: the cookie is cleared, and its session id revoked in case a copy of it is replayed. */
export async function endSession(req: FastifyRequest, accounts: AccountsService): Promise<void> {
  if (req.apiToken) return;
  const sessionId = req.session.get('sessionId');
  if (typeof sessionId === 'string') {
    await accounts.revokeSession(sessionId, new Date(Date.now() + SESSION_MAX_AGE_S * 1000));
  }
  req.session.delete();
}
