import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onFirstToast, toastsRaised } from '../lib/notify';

const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toast container when the first toast is raised: most visits never see one, and the container (with
 * its transitions and drag-to-dismiss) and the toasts' store are not part of the first download. It then stays
 * mounted.
 */
export function ToastsHost() {
  const needed = useSyncExternalStore(onFirstToast, toastsRaised, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
