import { SITE_NAME } from '../constants';
import type { ToastText } from './toast';

export const AUTH_MESSAGES = {
  loginSuccess: (name: string): ToastText => ({ title: 'Login successful', message: `Welcome back, ${name}!` }),
  loginFailed: { title: 'Login failed', message: 'Invalid email or password' },
  registrationSuccess: (name: string): ToastText => ({
    title: 'Registration successful',
    message: `Welcome to ${SITE_NAME}, ${name}!`,
  }),
  registrationFailed: { title: 'Registration failed', message: 'Could not register. Please try again.' },
  passwordResetSent: {
    title: 'Password Reset Email Sent',
    message: 'Check your email for password reset instructions.',
  },
  passwordResetFailed: { title: 'Error', message: 'Failed to send password reset email. Please try again.' },
  /** Chosen: the same response whether or not the e-mail has an account. */
  passwordResetRequested: 'If an account exists for that e-mail, a link to reset the password is on its way.',
  /** E-mail verification (chosen). The /verify-email page, and the notice on My Profile. */
  verifyEmailTitle: 'Verify your e-mail',
  verifyingEmail: 'Verifying your e-mail address…',
  emailVerified: 'Your e-mail address is verified.',
  /** The response of a followed link that changed the account's address. */
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  verifyEmailFailed: 'Verification failed',
  verifyEmailMissingToken: 'This verification link is incomplete. Open the link from the e-mail again.',
  continueToProfile: 'Go to my profile',
  unverifiedTitle: 'Please verify your e-mail address',
  unverifiedNotice: (email: string) =>
    `We sent a link to ${email}. Until you follow it, you can browse, vote and shop, but not submit a car or create API tokens.`,
  pendingEmailNotice: (email: string) =>
    `We sent a link to ${email}. Your address changes once you follow it; until then your current address stays.`,
  resendVerification: 'Resend link',
  verificationSent: { title: 'Verification e-mail sent', message: 'Check your inbox for the link.' },
  verificationSendFailed: { title: 'Not sent' },
  /** The response of a resend: to which address it went. */
  verificationSentTo: (email: string) => `A new verification link is on its way to ${email}.`,
} as const;
