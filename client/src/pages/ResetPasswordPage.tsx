import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/PasswordInput.css';
import { MESSAGES, resetPasswordInputSchema } from '@curbside/shared';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { z } from 'zod';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

// The call's password rule (minimum 8) plus a confirmation that stays in the browser.
// TODO(shared): use a shared resetPasswordFormSchema if @curbside/shared adds one.
const resetPasswordFormSchema = z
  .object({
    password: resetPasswordInputSchema.shape.password,
    confirmPassword: z.string().min(1, MESSAGES.validation.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.validation.newPasswordsDontMatch,
    path: ['confirmPassword'],
  });

const PASSWORD_UPDATED = { ...MESSAGES.profile.passwordUpdated, message: 'You can now log in with your new password.' };
const RESET_FAILED = {
  title: 'Password Reset Failed',
  message: 'This reset link is invalid or has expired. Please request a new one.',
};

/** The page the password-reset e-mail links to: /reset-password?token=… */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const tokenLooksValid = resetPasswordInputSchema.shape.token.safeParse(token).success;

  return (
    <Container size={460} py="xl">
      <Stack gap="lg">
        <Title order={1} ta="center">
          Reset Password
        </Title>
        <Paper withBorder p="lg" radius="lg">
          {tokenLooksValid ? <ResetForm token={token} /> : <InvalidLink />}
        </Paper>
      </Stack>
    </Container>
  );
}

function InvalidLink() {
  return (
    <Stack>
      <Alert color="red" title={MESSAGES.validation.resetLinkInvalid}>
        The link is missing its code or was copied incompletely. Request a new one with “Forgot Password?” on the log-in
        page.
      </Alert>
      <Button component={Link} href="/auth">
        Back to Log In
      </Button>
    </Stack>
  );
}

function ResetForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });
  const reset = useMutation(trpc.accounts.resetPassword.mutationOptions());

  if (reset.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" title={PASSWORD_UPDATED.title}>
          Your password has been changed. You can now log in with your new password.
        </Alert>
        <Button component={Link} href="/auth">
          Go to Log In
        </Button>
      </Stack>
    );
  }

  const onSubmit = form.onSubmit((values) =>
    reset.mutate(
      { token, password: values.password },
      {
        onSuccess: () => notifyToast(PASSWORD_UPDATED),
        onError: (error) => notifyError(RESET_FAILED, error),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
      <Stack>
        <Text size="sm" c="dimmed">
          Choose a new password of at least 8 characters.
        </Text>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={reset.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
