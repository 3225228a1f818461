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
  logoutSuccess: { title: 'Logged out successfully' },
  logoutFailed: { title: 'Logout failed' },
  passwordResetSent: {
    title: 'Password Reset Email Sent',
    message: 'Check your email for password reset instructions.',
  },
  passwordResetFailed: { title: 'Error', message: 'Failed to send password reset email. Please try again.' },
  /** Chosen: the same response whether or not the e-mail has an account. */
  passwordResetRequested: 'If an account exists for that e-mail, a link to reset the password is on its way.',
} as const;
