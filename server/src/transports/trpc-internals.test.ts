import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { runRules } from './trpc-internals';

// publicProcedure's rules run inside one tRPC middleware (runRules): every case runs the same rules both ways — as
// tRPC middlewares chained with .use(), and through runRules in one middleware — and expects the same outcome.

interface Ctx {
  viewer: string;
  services?: string;
  extra?: string;
}

const t = initTRPC.context<Ctx>().create();
type Options = Parameters<Parameters<typeof t.middleware>[0]>[0];
type Result = Awaited<ReturnType<Options['next']>>;
type Rule = (options: Options) => Promise<Result>;

interface Outcome {
  output?: unknown;
  error?: { code: string; message: string };
  /** What the rules and the procedure did, in order. */
  log: string[];
}

/** Calls a procedure guarded by `rules`, chained as tRPC middlewares or run by runRules, with `ctx`. */
async function callWith(way: 'use' | 'runRules', makeRules: (log: string[]) => Rule[], ctx: Ctx): Promise<Outcome> {
  const log: string[] = [];
  const rules = makeRules(log);
  const guarded =
    way === 'use'
      ? rules.reduce((procedure, rule) => procedure.use(rule), t.procedure)
      : t.procedure.use(t.middleware((options) => runRules(rules, options)));
  const router = t.router({
    read: guarded.query(({ ctx: seen }) => {
      log.push(`procedure saw ${JSON.stringify(seen)}`);
      return `seen by ${seen.viewer}`;
    }),
  });
  try {
    return { output: await t.createCallerFactory(router)(ctx).read(), log };
  } catch (error) {
    const { code, message } = error as TRPCError;
    return { error: { code, message }, log };
  }
}

async function bothWays(makeRules: (log: string[]) => Rule[], ctx: Ctx = { viewer: 'visitor', services: 'all' }) {
  const viaUse = await callWith('use', makeRules, ctx);
  const viaRunRules = await callWith('runRules', makeRules, ctx);
  expect(viaRunRules).toEqual(viaUse);
  return viaRunRules;
}

describe('runRules runs rules as tRPC runs middlewares', () => {
  it('outermost first around the procedure, each seeing what the inner ones returned', async () => {
    const rule =
      (log: string[], name: string): Rule =>
      async ({ next }) => {
        log.push(`${name} before`);
        const result = await next();
        log.push(`${name} after: ${result.ok ? 'ok' : 'failed'}`);
        return result;
      };
    const outcome = await bothWays((log) => [rule(log, 'outer'), rule(log, 'inner')]);
    expect(outcome.output).toBe('seen by visitor');
    expect(outcome.log).toEqual([
      'outer before',
      'inner before',
      'procedure saw {"viewer":"visitor","services":"all"}',
      'inner after: ok',
      'outer after: ok',
    ]);
  });

  it('merges a context given to next into the current one: the later rules keep what they did not override', async () => {
    const outcome = await bothWays((log) => [
      ({ next }) => next({ ctx: { viewer: 'shared' } }),
      ({ next }) => next({ ctx: { extra: 'added' } }),
      ({ ctx, next }) => {
        log.push(`later saw ${ctx.viewer} with ${ctx.services} and ${ctx.extra}`);
        return next();
      },
    ]);
    expect(outcome.output).toBe('seen by shared');
    expect(outcome.log).toEqual([
      'later saw shared with all and added',
      'procedure saw {"viewer":"shared","services":"all","extra":"added"}',
    ]);
  });

  it('gives the rules before one that throws its error as a failed result, and skips the procedure', async () => {
    const outcome = await bothWays((log) => [
      async ({ next }) => {
        const result = await next();
        log.push(result.ok ? 'outer saw success' : `outer saw ${result.error.code}: ${result.error.message}`);
        return result;
      },
      async () => {
        throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Back soon' });
      },
    ]);
    expect(outcome.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'Back soon' });
    expect(outcome.log).toEqual(['outer saw SERVICE_UNAVAILABLE: Back soon']);
  });

  it('lets an outer rule turn an inner failure into its own error', async () => {
    const outcome = await bothWays(() => [
      async ({ next }) => {
        const result = await next();
        if (!result.ok) throw new TRPCError({ code: 'FORBIDDEN', message: `mapped: ${result.error.message}` });
        return result;
      },
      async () => {
        throw new Error('raw');
      },
    ]);
    expect(outcome.error).toEqual({ code: 'FORBIDDEN', message: 'mapped: raw' });
  });
});
