import { MESSAGES } from '@curbside/shared';
import { useMutation } from '@tanstack/react-query';
import { useAfterSignOut } from '../../hooks/useLogout';
import { notifyError } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

/** Sign out everywhere (this browser too), and with `revokeTokens` revoke every API token; then to the log-in page. */
export function useLogoutEverywhere() {
  const trpc = useTRPC();
  const signedOut = useAfterSignOut();
  const mutation = useMutation(
    trpc.accounts.logoutEverywhere.mutationOptions({
      onSuccess: () => signedOut('/auth', MESSAGES.profile.signedOutEverywhere),
      onError: (error) => notifyError(MESSAGES.profile.signOutEverywhereFailed, error),
    }),
  );
  return {
    logoutEverywhere: (revokeTokens: boolean) => mutation.mutate({ revokeTokens }),
    isPending: mutation.isPending,
  };
}
