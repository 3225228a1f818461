import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentAddress, makeUser, renderApp } from '../test/render';
import { ProcedureError } from '../test/trpc-fake';

describe('/auth', () => {
  it('says why to a visitor on the way to the car form, and returns there after logging in', async () => {
    let signedIn: ReturnType<typeof makeUser> | null = null;
    const { userEvent } = renderApp({
      path: '/auth?next=%2Fupload',
      handlers: {
        'accounts.me': () => signedIn,
        'accounts.login': () => {
          signedIn = makeUser();
          return signedIn;
        },
      },
    });
    await screen.findByText("Log in or register to submit your car. You'll go straight on to the form.");
    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'correct horse');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(currentAddress()).toBe('/upload'));
  });

  it('validates the log-in form with the shared rules', async () => {
    const { userEvent, calls } = renderApp({ path: '/auth' });
    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));
    await form.findByText('Please enter a valid email address');
    expect(form.getByText('Password is required')).toBeTruthy();
    expect(calls.some((call) => call.path === 'accounts.login')).toBe(false);
  });

  it('validates the registration form, the confirmation included', async () => {
    const { userEvent, calls } = renderApp({ path: '/auth' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    const form = within(screen.getByRole('form', { name: 'Register' }));
    await userEvent.type(form.getByLabelText('Username'), 'ab');
    await userEvent.type(form.getByLabelText('Email'), 'ab@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'secret1');
    await userEvent.type(form.getByLabelText('Confirm Password'), 'secret2');
    await userEvent.click(form.getByRole('button', { name: 'Register' }));
    await form.findByText('Username must be at least 3 characters');
    expect(form.getByText('Passwords do not match')).toBeTruthy();
    expect(calls.some((call) => call.path === 'accounts.register')).toBe(false);
  });

  it('logs in: welcome toast, home, username in the navigation', async () => {
    let signedIn: ReturnType<typeof makeUser> | null = null;
    const { userEvent, calls } = renderApp({
      path: '/auth',
      handlers: {
        'accounts.me': () => signedIn,
        'accounts.login': () => {
          signedIn = makeUser({ name: 'Dana', username: 'drifter' });
          return signedIn;
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'correct horse');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));

    await screen.findByText('Login successful');
    expect(screen.getByText('Welcome back, Dana!')).toBeTruthy();
    await screen.findByRole('button', { name: 'drifter' });
    expect(currentAddress()).toBe('/');
    expect(calls.find((call) => call.path === 'accounts.login')?.input).toEqual({
      email: 'drifter@example.com',
      password: 'correct horse',
    });
  });

  it('shows the server message when log-in fails and stays on /auth', async () => {
    const { userEvent } = renderApp({
      path: '/auth',
      handlers: {
        'accounts.login': () => {
          throw new ProcedureError('UNAUTHORIZED', 'Invalid email or password');
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'wrong');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));
    await screen.findByText('Login failed');
    expect(screen.getByText('Invalid email or password')).toBeTruthy();
    expect(currentAddress()).toBe('/auth');
  });

  it('registers without sending the confirmation, and welcomes by username when no name is given', async () => {
    const { userEvent, calls } = renderApp({
      path: '/auth',
      handlers: { 'accounts.register': (input) => makeUser({ username: input.username }) },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Register' }));
    const form = within(screen.getByRole('form', { name: 'Register' }));
    await userEvent.type(form.getByLabelText('Username'), 'boxer_fan');
    await userEvent.type(form.getByLabelText('Email'), 'fan@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'secret1');
    await userEvent.type(form.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(form.getByRole('button', { name: 'Register' }));

    await screen.findByText('Registration successful');
    expect(screen.getByText('Welcome to Curbside, boxer_fan!')).toBeTruthy();
    expect(calls.find((call) => call.path === 'accounts.register')?.input).toEqual({
      email: 'fan@example.com',
      username: 'boxer_fan',
      password: 'secret1',
    });
    await waitFor(() => expect(currentAddress()).toBe('/'));
  });

  it('shows the registration failure message from the server', async () => {
    const { userEvent } = renderApp({
      path: '/auth?tab=register',
      handlers: {
        'accounts.register': () => {
          throw new ProcedureError('CONFLICT', 'This username is already taken');
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Register' }));
    await userEvent.type(form.getByLabelText('Username'), 'taken');
    await userEvent.type(form.getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'secret1');
    await userEvent.type(form.getByLabelText('Confirm Password'), 'secret1');
    await userEvent.click(form.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration failed');
    expect(screen.getByText('This username is already taken')).toBeTruthy();
  });

  it('sends a password-reset e-mail from the Forgot Password dialog', async () => {
    const { userEvent, calls } = renderApp({
      path: '/auth',
      handlers: { 'accounts.requestPasswordReset': () => ({ ok: true, message: 'On its way' }) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset Password' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    await dialog.findByText('Please enter a valid email address');

    await userEvent.type(dialog.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Password Reset Email Sent');
    expect(screen.getByText('Check your email for password reset instructions.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull());
    expect(calls.find((call) => call.path === 'accounts.requestPasswordReset')?.input).toEqual({
      email: 'drifter@example.com',
    });
  });

  it('keeps the dialog open and says so when the reset e-mail cannot be sent', async () => {
    const { userEvent } = renderApp({
      path: '/auth',
      handlers: {
        'accounts.requestPasswordReset': () => {
          throw new ProcedureError('TOO_MANY_REQUESTS', 'Too many requests. Please try again later.');
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset Password' }));
    await userEvent.type(dialog.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Error');
    expect(screen.getByText('Too many requests. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeTruthy();
  });
});
