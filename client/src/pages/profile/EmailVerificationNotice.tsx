import '@mantine/core/styles/Alert.css';
import { MESSAGES, type User } from '@curbside/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const A = MESSAGES.auth;

/**
 * For an account whose address is not verified yet, or that asked to change it: where the link went, what waits on
 * it, and a button that sends it again. Nothing once there is nothing to confirm.
 */
export function EmailVerificationNotice({ user }: { user: User }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.accounts.resendVerification.mutationOptions());
  if (user.emailVerified && !user.pendingEmail) return null;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (ok) => notifyToast({ ...A.verificationSent, message: ok.message ?? A.verificationSent.message }),
      onError: (error) => notifyError(A.verificationSendFailed, error),
    });
  return (
    <Alert color="yellow" title={A.unverifiedTitle}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {user.pendingEmail ? A.pendingEmailNotice(user.pendingEmail) : A.unverifiedNotice(user.email)}
        </Text>
        <Button size="xs" variant="light" onClick={send} loading={resend.isPending}>
          {A.resendVerification}
        </Button>
      </Stack>
    </Alert>
  );
}
