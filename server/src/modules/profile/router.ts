import {
  emailChangeInputSchema,
  passwordChangeInputSchema,
  profileUpdateInputSchema,
  userSchema,
} from '@curbside/shared';
import { startSession } from '../../plugins/session';
import { authedProcedure, router } from '../../trpc';
import { toUserDto } from '../accounts/user-dto';

const tags = ['profile'];

// POST /api/profile/picture is a multipart route: see images/upload-routes.ts.
export const profileRouter = router({
  update: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/profile', tags, summary: 'Change the display name and/or biography' } })
    .input(profileUpdateInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => toUserDto(await ctx.services.profile.update(ctx.user.id, input))),

  changePassword: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/profile/password',
        tags,
        summary: 'Change the password; every other session of the account ends',
      },
    })
    .input(passwordChangeInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await ctx.services.accounts.changePassword(
        ctx.user.id,
        input.currentPassword,
        input.newPassword,
        ctx.ipHash,
      );
      // The generation moved on, which signs out every session; this browser gets a fresh cookie and stays in.
      startSession(ctx.req, user);
      return toUserDto(user);
    }),

  changeEmail: authedProcedure
    .meta({
      refusals: ['CONFLICT'],
      openapi: {
        method: 'PUT',
        path: '/profile/email',
        tags,
        summary: 'Change the e-mail address: a link is mailed to the new one, which replaces the old once followed',
      },
    })
    .input(emailChangeInputSchema)
    .output(userSchema)
    .mutation(async ({ ctx, input }) =>
      toUserDto(await ctx.services.accounts.requestEmailChange(ctx.user.id, input, ctx.ipHash, ctx.req.log)),
    ),
});
