import { NAV_MESSAGES, type ToastText } from '@curbside/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { notifyError, notifyToast } from '../lib/notify';
import { procedurePath } from '../lib/query-keys';
import { useTRPC } from '../lib/trpc';

/**
 * What follows a sign-out: drop every cached response that belonged to the user, go to `to`, say `toast`. Used by the
 * user menu and the mobile menu (their own chunks, not the first download) and the profile page.
 */
export function useAfterSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return (to: string, toast: ToastText) => {
    queryClient.setQueryData(trpc.accounts.me.queryKey(), null);
    navigate(to);
    // Cart, orders, profile…: nothing of the previous user may survive in the cache.
    queryClient.removeQueries({ predicate: (query) => !KEEP.has(procedurePath(query.queryKey)) });
    notifyToast(toast);
  };
}

/** Logout: end the session, drop every cached response that belonged to the user, go home. */
export function useLogout() {
  const trpc = useTRPC();
  const signedOut = useAfterSignOut();
  const mutation = useMutation(
    trpc.accounts.logout.mutationOptions({
      onSuccess: () => signedOut('/', NAV_MESSAGES.logoutSuccess),
      onError: (error) => notifyError({ ...NAV_MESSAGES.logoutFailed, message: 'Please try again.' }, error),
    }),
  );
  return { logout: () => mutation.mutate(), isPending: mutation.isPending };
}

/** The current user (now null) and the site settings (the same for everyone) stay, so the shell does not flash. */
const KEEP = new Set(['accounts.me', 'settings.get']);
