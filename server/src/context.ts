import type { ApiTokenScope } from '@curbside/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { clientIpOf, hashIp } from './lib/client-ip';
import type { UserEntity } from './modules/accounts/user.entity';
import type { TokenUse } from './modules/tokens/tokens.service';
import { ResponseBudget } from './plugins/request-bounds';
import { readSessionUser } from './plugins/session';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API token the request was sent with, once checked (plugins/bearer-token.ts); null without one. */
    apiToken: TokenUse | null;
  }
}

export interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
  config: Config;
  services: Services;
  /**
   * The signed-in user, or null: the API token's user when the request sends one (`Authorization: Bearer`, checked
   * by plugins/bearer-token.ts), otherwise the session's, checked against the session generation on every request.
   */
  user: UserEntity | null;
  /** The scope of the request's API token; null for the browser's session (or nobody). See trpc.ts `Caller`. */
  tokenScope: ApiTokenScope | null;
  clientIp: string;
  /** Keyed hash of the client IP (IPv6 grouped by /64): what vote limits and throttles store. */
  ipHash: string;
  /** Procedures set a status (201, 204) or headers here; both adapters read it. Mutate, never replace. */
  http: { status?: number; headers: Record<string, string> };
  /** What this request's responses may still hold (plugins/request-bounds.ts); shared by every call of a batch. */
  responseBudget: ResponseBudget;
  /**
   * Set by the read cache while it rebuilds a response a write has just dropped: reads that may use a read replica
   * read the primary instead (db/replicas.ts).
   */
  readAfterWrite?: boolean;
}

/** The keyed hash of the client's address, as vote limits and throttles store it. */
export function viewerIpHash(req: FastifyRequest, config: Config): string {
  return hashIp(clientIpOf(req), config.sessionSecret);
}

export async function createContext(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  services: Services,
): Promise<Context> {
  return { ...createPublicContext(req, reply, config, services), ...(await callerOf(req, services.accounts)) };
}

/** Who sends the request: the user of its API token if it sends one, otherwise of its session cookie. */
export async function callerOf(
  req: FastifyRequest,
  accounts: Services['accounts'],
): Promise<Pick<Context, 'user' | 'tokenScope'>> {
  if (req.apiToken) return { user: req.apiToken.user, tokenScope: req.apiToken.scope };
  return { user: await readSessionUser(req, accounts), tokenScope: null };
}

/**
 * The context of the cached reads (read-cache/), whose responses are the same for every signed-in or signed-out
 * viewer: no session is read, so their routes are served without the session cookie's hooks.
 */
export function createPublicContext(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  services: Services,
): Context {
  return {
    req,
    reply,
    config,
    services,
    user: null,
    tokenScope: null,
    clientIp: clientIpOf(req),
    ipHash: viewerIpHash(req, config),
    http: { headers: {} },
    responseBudget: new ResponseBudget(),
  };
}
