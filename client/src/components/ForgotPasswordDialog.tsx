import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { forgotPasswordInputSchema, MESSAGES } from '@curbside/shared';
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

/** Forgot Password dialog (spec part 1 §2, §8): e-mail field, a sending state, close and reset on success. */
export function ForgotPasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInputSchema, { sync: true }),
  });
  const request = useMutation(trpc.accounts.requestPasswordReset.mutationOptions());

  const close = () => {
    form.reset();
    onClose();
  };

  const onSubmit = form.onSubmit((values) =>
    request.mutate(
      { email: values.email.trim() },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.auth.passwordResetSent);
          close();
        },
        onError: (error) => notifyError(MESSAGES.auth.passwordResetFailed, error),
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title="Reset Password" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            data-autofocus
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={request.isPending} loaderProps={{ type: 'dots' }}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
