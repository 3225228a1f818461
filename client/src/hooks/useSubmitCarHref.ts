import { signInPath } from '../lib/return-to';
import { useCurrentUser } from './useCurrentUser';

/**
 * Where a "Submit Your Car" link leads: the form, or for a signed-out visitor the sign-in page, which says why and
 * returns to the form (no stop at the form's "log in first" panel on the way).
 */
export function useSubmitCarHref(): string {
  const { user } = useCurrentUser();
  return user ? '/upload' : signInPath('/upload');
}
