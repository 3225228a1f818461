import {
  type AnyTRPCProcedure,
  type AnyTRPCRouter,
  callTRPCProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
} from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { Context } from '../context';
import type { Meta } from '../trpc';

// The one place that reads tRPC's internals: the listing of a router's procedures (its flat procedure record, each
// procedure's type, meta and input schema — as trpc-to-openapi lists them for the OpenAPI document) and the router's
// config for the error shape of the native mutation route. They are not public API and may move in a minor release
// of @trpc/server: everything else goes through this façade. Procedures are called through tRPC's callTRPCProcedure.

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
  /**
   * The JSON Schema keywords its input object states in its `meta()` about the object as a whole (`anyOf`, `allOf`,
   * `minProperties`, …): the OpenAPI generator rebuilds a request body from the object's fields and drops them.
   */
  readonly inputObjectConstraints: Record<string, unknown>;
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
  /** zod's metadata of the schema (its registry entry). */
  meta?(): Record<string, unknown> | undefined;
}

/** JSON Schema keywords about an object as a whole, which a schema's meta may state. */
const OBJECT_KEYWORDS = ['anyOf', 'allOf', 'oneOf', 'not', 'minProperties', 'maxProperties'];

/** The object keywords in the meta of an object schema, or of the object a transform reads. */
function objectConstraintsOf(schema: unknown): Record<string, unknown> {
  const s = schema as ObjectLikeSchema | undefined;
  const object = s?.shape ? s : s?.in;
  const meta = object?.meta?.() ?? {};
  return Object.fromEntries(OBJECT_KEYWORDS.filter((key) => key in meta).map((key) => [key, meta[key]]));
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

interface RouterListing {
  procedures: Procedure[];
  /** The router's root config (its error formatter, for the error shape of the native mutation route). */
  config: AnyTRPCRouter['_def']['_config'];
}

const listed = new WeakMap<AnyTRPCRouter, RouterListing>();

/**
 * The one function that reads a router's definition: its flat procedure record (each procedure's type, meta and
 * input schema) and its root config. Read once per router.
 */
function listingOf(router: AnyTRPCRouter): RouterListing {
  let listing = listed.get(router);
  if (!listing) {
    const record = router._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
    const procedures = Object.entries(record).flatMap(([path, procedure]) => {
      const def = procedure._def as unknown as ProcedureDef;
      if (def.type === 'subscription') return [];
      const [schema] = def.inputs;
      const listedProcedure: Procedure = {
        path,
        type: def.type,
        meta: def.meta,
        takesInput: def.inputs.some((input) => input.def?.type !== 'void' && input.def?.type !== 'undefined'),
        acceptsInput: (rawInput) => schema?.safeParse?.(rawInput).success ?? true,
        inputObjectConstraints: objectConstraintsOf(schema),
        inputField: (name) => {
          const fields = fieldsOf(schema);
          return fields && Object.hasOwn(fields, name) ? fields[name] : undefined;
        },
      };
      return [listedProcedure];
    });
    listing = { procedures, config: router._def._config };
    listed.set(router, listing);
  }
  return listing;
}

/** Every query and mutation of `router` (subscriptions: none; they are left out). */
export function listProcedures(router: AnyTRPCRouter): Procedure[] {
  return listingOf(router).procedures;
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
    config: listingOf(router).config,
    error,
    type: call.procedure.type,
    path: call.procedure.path,
    input: call.input,
    ctx: call.ctx,
  });
  return { error, body: { error: shape }, status: getHTTPStatusCode({ error: shape }) };
}

/** 'accounts.login', 'admin.orders.updateStatus', …: every procedure path of a router, as a type. */
export type ProcedurePathOf<R extends AnyTRPCRouter> = PathsOf<R['_def']['record']>;

type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyTRPCProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
