import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  callTRPCProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
// tRPC's marker of a middleware result (exported for adapters only; pinned with @trpc/server's version).
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { Context } from '../context';
import type { Meta } from '../trpc';

// The one place that reads tRPC's internals (a router's flat procedure record, a procedure's type, meta and input
// schemas, the router's config, the middleware marker). They are not public API and may move in a minor release of
// @trpc/server: everything else goes through this façade, so an upgrade is checked here and in its tests.

/** A procedure of a router, as the transports see it. */
export interface Procedure {
  /** 'cars.bySlug', 'admin.orders.updateStatus', … */
  readonly path: string;
  readonly type: 'query' | 'mutation';
  readonly meta: Meta | undefined;
  /** Whether it takes an input (its schema is not void). */
  readonly takesInput: boolean;
  /** Whether `rawInput` passes its input schema (true when it has none). */
  acceptsInput(rawInput: unknown): boolean;
  /** The schema of one top-level field of its input object (undefined when the input is not an object or has none). */
  inputField(name: string): FieldSchema | undefined;
}

/** What the transports may do with one field's schema: check a value against it. */
export interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: FieldIssue[] } };
}
export interface FieldIssue {
  code: string;
  path: PropertyKey[];
}

interface ObjectLikeSchema {
  shape?: Record<string, FieldSchema>;
  /** A pipe's (or a transform's) input side. */
  in?: ObjectLikeSchema;
}

/** The fields of an object schema, or of the object a transform reads. */
function fieldsOf(schema: unknown): Record<string, FieldSchema> | undefined {
  const s = schema as ObjectLikeSchema | undefined;
  return s?.shape ?? s?.in?.shape;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: { safeParse?(value: unknown): { success: boolean }; def?: { type?: string } }[];
}

const listed = new WeakMap<AnyTRPCRouter, Procedure[]>();

/** Every query and mutation of `router` (subscriptions: none; they are left out). */
export function listProcedures(router: AnyTRPCRouter): Procedure[] {
  let procedures = listed.get(router);
  if (!procedures) {
    const record = router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
    procedures = Object.entries(record).flatMap(([path, procedure]) => {
      const def = procedure._def as unknown as ProcedureDef;
      if (def.type === 'subscription') return [];
      const [schema] = def.inputs;
      const listedProcedure: Procedure = {
        path,
        type: def.type,
        meta: def.meta,
        takesInput: def.inputs.some((input) => input.def?.type !== 'void' && input.def?.type !== 'undefined'),
        acceptsInput: (rawInput) => schema?.safeParse?.(rawInput).success ?? true,
        inputField: (name) => {
          const fields = fieldsOf(schema);
          return fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
        },
      };
      return [listedProcedure];
    });
    listed.set(router, procedures);
  }
  return procedures;
}

/** The procedure at `path`, if `router` has one. */
export function procedureAt(router: AnyTRPCRouter, path: string): Procedure | undefined {
  return listProcedures(router).find((procedure) => procedure.path === path);
}

/**
 * Runs one procedure of `router` — its middlewares, input and output checks — with `ctx`, through tRPC's own
 * `callTRPCProcedure` (which finds it by path, lazy routers included). Resolves to its output; rejects with its error.
 */
export function callProcedure(
  router: AnyTRPCRouter,
  procedure: Procedure,
  ctx: Context,
  input: unknown,
): Promise<unknown> {
  return callTRPCProcedure({
    router,
    path: procedure.path,
    type: procedure.type,
    ctx,
    getRawInput: async () => input,
    signal: undefined,
    batchIndex: 0,
  });
}

/** A failed call as tRPC's HTTP handler responds to it: the error, its shape (the app's error formatter) and status. */
export function trpcErrorResponse(
  router: AnyTRPCRouter,
  call: { cause: unknown; procedure: Procedure; input: unknown; ctx: Context | undefined },
) {
  const error = getTRPCErrorFromUnknown(call.cause);
  const shape = getErrorShape({
    config: router._def._config,
    error,
    type: call.procedure.type,
    path: call.procedure.path,
    input: call.input,
    ctx: call.ctx,
  });
  return { error, body: { error: shape }, status: getHTTPStatusCode({ error: shape }) };
}

/** A middleware's successful result without calling the next one: `data` stands for the procedure's output. */
export const middlewareResult = <T>(data: T) => ({ ok: true as const, data, marker: middlewareMarker });

/** The options tRPC gives a middleware: ctx, type, path, input, getRawInput, meta, … and `next`. */
interface MiddlewareOptions<C> {
  ctx: C;
  next: (override?: { ctx?: Partial<C> }) => Promise<unknown>;
}

/**
 * Runs `rules` as tRPC runs a procedure's middlewares — each gets the options and a `next` that runs the rules after
 * it, then `options.next` (the procedure); a `next({ ctx })` merges its context into the current one; a rule that
 * throws resolves to
 * the error result tRPC would make of it — but inside one tRPC middleware. tRPC copies a middleware's options twice
 * per middleware with a generic spread helper: five middlewares on every call cost about 20 KB of garbage and 5% of
 * a vote's CPU; these rules cost one plain spread each.
 */
export function runRules<O extends MiddlewareOptions<O['ctx']>, R>(
  rules: readonly ((options: O) => Promise<R>)[],
  options: O,
): Promise<R> {
  const run = async (index: number, ctx: O['ctx']): Promise<R> => {
    const rule = rules[index];
    if (!rule) return (await options.next(ctx === options.ctx ? undefined : { ctx })) as R;
    try {
      return await rule({
        ...options,
        ctx,
        // As tRPC does: a context given to next() is merged into the current one, not put in its place.
        next: (override?: { ctx?: Partial<O['ctx']> }) =>
          run(index + 1, override?.ctx ? { ...ctx, ...override.ctx } : ctx),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as R;
    }
  };
  return run(0, options.ctx);
}

/** 'accounts.login', 'admin.orders.updateStatus', …: every procedure path of a router, as a type. */
export type ProcedurePathOf<R extends AnyTRPCRouter> = PathsOf<R['_def']['record']>;

type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
