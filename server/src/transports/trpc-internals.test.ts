import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { runRules } from './trpc-internals';

// publicProcedure's rules run inside one tRPC middleware (runRules): they must behave as tRPC middlewares would.

interface Ctx {
  viewer: string;
}
type Result = { ok: true; data: unknown } | { ok: false; error: TRPCError };
interface Options {
  ctx: Ctx;
  path: string;
  next: (override?: { ctx?: Ctx }) => Promise<Result>;
}
type Rule = (options: Options) => Promise<Result>;

/** The options tRPC would give the middleware; its `next` is the procedure, which reports the context it ran with. */
function callOptions(procedureCalls: Ctx[]): Options {
  return {
    ctx: { viewer: 'visitor' },
    path: 'cars.bySlug',
    next: async (override) => {
      const ctx = override?.ctx ?? { viewer: 'visitor' };
      procedureCalls.push(ctx);
      return { ok: true, data: `seen by ${ctx.viewer}` };
    },
  };
}

describe('runRules', () => {
  it('runs the rules outermost first around the procedure, each seeing what the inner ones returned', async () => {
    const order: string[] = [];
    const rule =
      (name: string): Rule =>
      async ({ next }) => {
        order.push(`${name} before`);
        const result = await next();
        order.push(`${name} after`);
        return result;
      };
    const procedureCalls: Ctx[] = [];
    const result = await runRules([rule('outer'), rule('inner')], callOptions(procedureCalls));
    expect(result).toEqual({ ok: true, data: 'seen by visitor' });
    expect(order).toEqual(['outer before', 'inner before', 'inner after', 'outer after']);
    expect(procedureCalls).toHaveLength(1);
  });

  it('passes a context given to next on to the later rules and the procedure', async () => {
    const seenByLater: string[] = [];
    const shared: Rule = ({ ctx, next }) => next({ ctx: { ...ctx, viewer: 'shared' } });
    const later: Rule = ({ ctx, next }) => {
      seenByLater.push(ctx.viewer);
      return next();
    };
    const procedureCalls: Ctx[] = [];
    const result = await runRules([shared, later], callOptions(procedureCalls));
    expect(seenByLater).toEqual(['shared']);
    expect(procedureCalls).toEqual([{ viewer: 'shared' }]);
    expect(result).toEqual({ ok: true, data: 'seen by shared' });
  });

  it('gives the rules before a rule that throws its error as a failed result, as tRPC does, and skips the procedure', async () => {
    const refusal = new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'Back soon' });
    let outerSaw: Result | undefined;
    const outer: Rule = async ({ next }) => {
      outerSaw = await next();
      return outerSaw;
    };
    const refuses: Rule = async () => {
      throw refusal;
    };
    const procedureCalls: Ctx[] = [];
    await runRules([outer, refuses], callOptions(procedureCalls));
    expect(outerSaw).toMatchObject({ ok: false, error: refusal });
    expect(procedureCalls).toEqual([]);
  });
});
