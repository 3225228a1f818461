import '@mantine/core/styles/Alert.css';
import { MESSAGES, verifyEmailInputSchema } from '@curbside/shared';
import { Alert, Button, Container, Loader, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/errors';
import { useTRPC } from '../lib/trpc';

const A = MESSAGES.auth;

/**
 * The page the verification e-mail links to: /verify-email?token=… It confirms the address as it opens (in any
 * browser, signed in or not) and says what happened: verified, the account's address changed, or why not.
 */
export default function VerifyEmailPage() {
  useDocumentTitle(A.verifyEmailTitle);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const tokenLooksValid = verifyEmailInputSchema.shape.token.safeParse(token).success;
  return (
    <Container size={460} py="xl">
      <Stack gap="lg">
        <Title order={1} ta="center">
          {A.verifyEmailTitle}
        </Title>
        <Paper withBorder p="lg" radius="lg">
          {tokenLooksValid ? (
            <Verify token={token} />
          ) : (
            <Alert color="red" title={MESSAGES.validation.verificationLinkInvalid}>
              {A.verifyEmailMissingToken}
            </Alert>
          )}
        </Paper>
      </Stack>
    </Container>
  );
}

function Verify({ token }: { token: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const verify = useMutation(
    trpc.accounts.verifyEmail.mutationOptions({
      // The signed-in user (if this is their browser) now has a verified, or a new, address.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() }),
    }),
  );
  // A link works once: send it once, even when React runs the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" title={verify.data.message ?? A.emailVerified} />
        <Button component={Link} href="/user/profile">
          {A.continueToProfile}
        </Button>
      </Stack>
    );
  }
  if (verify.isError) {
    return (
      <Alert color="red" title={A.verifyEmailFailed}>
        {errorMessage(verify.error, MESSAGES.server.verificationLinkInvalid)}
      </Alert>
    );
  }
  return (
    <Stack align="center">
      <Loader aria-label={A.verifyingEmail} />
      {A.verifyingEmail}
    </Stack>
  );
}
