import { type AppRouter, appRouter } from '../src/router';
import { listRestRoutes, type RestRoute } from '../src/transports/rest-routes';
import { listProcedures as listRouterProcedures, type ProcedurePathOf } from '../src/transports/trpc-internals';
import type { HttpClient } from './http';

// Every procedure of the router, with its REST route if it has one, and one way to call any of them over either
// transport. Tests that must cover every procedure walk this list, so a new procedure cannot slip past them.

/** 'accounts.login', 'admin.orders.updateStatus', …: every procedure path, as a type. */
export type ProcedurePath = ProcedurePathOf<AppRouter>;

export interface Procedure {
  path: ProcedurePath;
  type: 'query' | 'mutation';
  /** Its /api route, or null for a procedure only the browser calls over /trpc. */
  rest: RestRoute | null;
}

export function listProcedures(): Procedure[] {
  const rest = new Map(listRestRoutes(appRouter, '/api').map((route) => [route.procedurePath, route]));
  return listRouterProcedures(appRouter).map((procedure) => ({
    path: procedure.path as ProcedurePath,
    type: procedure.type,
    rest: rest.get(procedure.path) ?? null,
  }));
}

/** The procedure at `path`. */
export function procedureAt(path: ProcedurePath): Procedure {
  const procedure = listProcedures().find((p) => p.path === path);
  if (!procedure) throw new Error(`no procedure ${path}`);
  return procedure;
}

export type Transport = 'trpc' | 'rest';

export interface ProcedureResponse {
  status: number;
  /** The error message (both transports carry one), or undefined on success. */
  message: string | undefined;
  /** The procedure's output on success. */
  // biome-ignore lint/suspicious/noExplicitAny: responses are inspected loosely, like HttpClient's
  data: any;
}

/**
 * Calls `procedure` with `input` as the browser does (/trpc) or as a REST client does (/api: path parameters from
 * the input, the rest as the query string of a GET or DELETE or as the JSON body otherwise).
 */
export async function callProcedure(
  client: HttpClient,
  procedure: Procedure,
  transport: Transport,
  input?: unknown,
): Promise<ProcedureResponse> {
  if (transport === 'trpc') {
    // As the browser's httpBatchLink sends it: a batch of one, with the input under "0" (absent for void).
    const batch = JSON.stringify(input === undefined ? {} : { 0: input });
    const url = `/trpc/${procedure.path}?batch=1`;
    const res =
      procedure.type === 'query'
        ? await client.get(`${url}&input=${encodeURIComponent(batch)}`)
        : await client.post(url, batch, { 'content-type': 'application/json' });
    const [response] = res.body as [{ result?: { data: unknown }; error?: { message: string } }];
    return { status: res.status, message: response.error?.message, data: response.result?.data };
  }
  const route = procedure.rest;
  if (!route) throw new Error(`${procedure.path} has no REST route`);
  const fields = { ...((input ?? {}) as Record<string, unknown>) };
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = fields[name];
    delete fields[name];
    // A path has no "missing": an absent id is sent as 0, which reaches the route (ids take digits) and fails
    // its input check, as a missing id does over /trpc.
    return encodeURIComponent(String(value ?? 0));
  });
  const res =
    route.method === 'GET' || route.method === 'DELETE'
      ? await client.request(route.method, `${url}${queryString(fields)}`)
      : await client.request(route.method, url, route.takesInput ? fields : undefined);
  const failed = res.status >= 400;
  return { status: res.status, message: failed ? res.body?.message : undefined, data: failed ? undefined : res.body };
}

function queryString(fields: Record<string, unknown>): string {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([name, value]): [string, string] => [name, String(value)]))}`;
}
