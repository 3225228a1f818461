import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import { clientIpOf, hashIp } from './lib/client-ip';
import type { UserEntity } from './modules/accounts/user.entity';
import { ResponseBudget } from './plugins/request-bounds';
import { readSessionUser } from './plugins/session';
import type { Services } from './services';

export interface Context {
  req: FastifyRequest;
  reply: FastifyReply;
  config: Config;
  services: Services;
  /** The signed-in user, or null. Checked against the session generation on every request. */
  user: UserEntity | null;
  clientIp: string;
  /** Keyed hash of the client IP (IPv6 grouped by /64): what vote limits and throttles store. */
  ipHash: string;
  /** Procedures set a status (201, 204) or headers here; both adapters read it. Mutate, never replace. */
  http: { status?: number; headers: Record<string, string> };
  /** What this request's responses may still hold (plugins/request-bounds.ts); shared by every call of a batch. */
  responseBudget: ResponseBudget;
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
  return { ...createPublicContext(req, reply, config, services), user: await readSessionUser(req, services.accounts) };
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
    clientIp: clientIpOf(req),
    ipHash: viewerIpHash(req, config),
    http: { headers: {} },
    responseBudget: new ResponseBudget(),
  };
}
