import {
  forgotPasswordInputSchema,
  loginInputSchema,
  logoutEverywhereInputSchema,
  MESSAGES,
  okSchema,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  registerInputSchema,
  resetPasswordInputSchema,
  userSchema,
  verifyEmailInputSchema,
} from '@curbside/shared';
import { z } from 'zod';
import { endSession, startSession } from '../../plugins/session';
import { authedProcedure, publicProcedure, router, sessionOnlyProcedure } from '../../trpc';
import { toUserDto } from './user-dto';

const tags = ['accounts'];

export const accountsRouter = router({
  /** For the browser: the signed-in user, or null (no 401, so a signed-out visitor is not redirected). */
  me: publicProcedure.output(userSchema.nullable()).query(({ ctx }) => (ctx.user ? toUserDto(ctx.user) : null)),

  current: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/user', tags, summary: 'The signed-in user (401 when signed out)' } })
    .input(z.void())
    .output(userSchema)
    .query(({ ctx }) => toUserDto(ctx.user)),

  register: publicProcedure
    .meta({
      refusals: ['CONFLICT'],
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/register',
        tags,
        protect: false,
        summary: 'Create an account and sign in; a link to verify the e-mail address is mailed to it',
      },
    })
    .input(registerInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.accounts.register(input, ctx.ipHash, ctx.req.log);
      startSession(ctx.req, user);
      return toUserDto(user);
    }),

  login: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/login', tags, protect: false, summary: 'Sign in with e-mail and password' },
      invalidates: 'nothing', // a session only
    })
    .input(loginInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.accounts.login(input, ctx.ipHash);
      startSession(ctx.req, user);
      return toUserDto(user);
    }),

  logout: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/logout', tags, protect: false, summary: 'Sign out of this browser' },
      invalidates: 'nothing', // a session only
    })
    .input(z.void())
    .output(okSchema)
    .mutation(async ({ ctx }) => {
      await endSession(ctx.req, ctx.services.accounts);
      return { ok: true as const };
    }),

  // From the browser only: a script's token must not end its owner's browser sessions.
  logoutEverywhere: sessionOnlyProcedure(MESSAGES.server.apiTokenCannotSignOut)
    .meta({
      openapi: {
        method: 'POST',
        path: '/logout/everywhere',
        tags,
        summary: 'Sign out of every browser and device (from a browser session); revokeTokens: also every API token',
      },
    })
    .input(logoutEverywhereInputSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.accounts.endAllSessions(ctx.user.id, input.revokeTokens);
      await endSession(ctx.req, ctx.services.accounts);
      return { ok: true as const };
    }),

  requestPasswordReset: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/password-reset/request',
        tags,
        protect: false,
        summary: 'E-mail a one-time reset link (the response is the same whether or not the account exists)',
      },
    })
    .input(forgotPasswordInputSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.accounts.requestPasswordReset(input.email, ctx.ipHash, ctx.req.log);
      return { ok: true as const, message: PASSWORD_RESET_REQUESTED_MESSAGE };
    }),

  resetPassword: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/password-reset/confirm',
        tags,
        protect: false,
        summary: 'Set a new password with the e-mailed token; ends every session of the account',
      },
    })
    .input(resetPasswordInputSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.accounts.resetPassword(input.token, input.password);
      return { ok: true as const };
    }),

  verifyEmail: publicProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/verify-email',
        tags,
        protect: false,
        summary: 'Confirm an e-mail address with the mailed token (a new account, or a changed address)',
      },
    })
    .input(verifyEmailInputSchema)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const { email, changed } = await ctx.services.accounts.verifyEmail(input.token);
      return { ok: true as const, message: changed ? MESSAGES.auth.emailChanged(email) : MESSAGES.auth.emailVerified };
    }),

  resendVerification: authedProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'POST',
        path: '/verify-email/resend',
        tags,
        summary: 'Mail the verification link again (to the pending new address, if any); 3 mails an hour',
      },
      invalidates: 'nothing', // a mail only
    })
    .input(z.void())
    .output(okSchema)
    .mutation(async ({ ctx }) => {
      const email = await ctx.services.accounts.resendVerification(ctx.user.id, ctx.req.log);
      return { ok: true as const, message: MESSAGES.auth.verificationSentTo(email) };
    }),
});
