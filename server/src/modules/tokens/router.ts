import { apiTokenCreateInputSchema, apiTokenSchema, createdApiTokenSchema } from '@curbside/shared';
import { z } from 'zod';
import { pathIdSchema } from '../../rest/inputs';
import { authedProcedure, router, sessionProcedure } from '../../trpc';

const tags = ['tokens'];

// Personal API tokens (the API Tokens panel of My Profile and of the admin dashboard). A token is sent as
// `Authorization: Bearer …` (plugins/bearer-token.ts); none of these change a cached response.
export const tokensRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/tokens', tags, summary: 'Your API tokens, newest first (no secrets)' } })
    .input(z.void())
    .output(z.array(apiTokenSchema))
    .query(({ ctx }) => ctx.services.tokens.list(ctx.user.id)),

  create: sessionProcedure
    .meta({
      // 409: the user already has SERVER_LIMITS.apiTokensPerUser tokens.
      refusals: ['CONFLICT'],
      successStatus: 201,
      invalidates: 'nothing',
      openapi: {
        method: 'POST',
        path: '/tokens',
        tags,
        summary: 'Create an API token (from a signed-in browser session); its secret is in this response only',
      },
    })
    .input(apiTokenCreateInputSchema)
    .output(createdApiTokenSchema)
    .mutation(({ ctx, input }) => ctx.services.tokens.create(ctx.user, input)),

  revoke: authedProcedure
    .meta({
      successStatus: 204,
      invalidates: 'nothing',
      openapi: { method: 'DELETE', path: '/tokens/{id}', tags, summary: 'Revoke one of your API tokens at once' },
    })
    .input(z.object({ id: pathIdSchema }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tokens.revoke(ctx.user.id, input.id);
    }),
});
