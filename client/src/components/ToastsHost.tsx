import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const Toasts = lazy(() => import('./Toasts'));

/**
 * Mounts the toast container when the first toast is raised: most visits never see one, and the container (with
 * its transitions and drag-to-dismiss) is a third of the size of the whole navigation. It then stays mounted.
 */
export function ToastsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts notifications={notifications} queue={queue} />
    </Suspense>
  );
}
