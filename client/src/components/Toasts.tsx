import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, notifications as toastStore, useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import classes from './Toasts.module.css';

// The toasts' store, for lib/notify, which loads it with this container when the first toast is raised.
export { toastStore };

/**
 * The toast container: one visible at a time (spec part 1 §9), and the newest wins. A toast raised while another is
 * showing replaces it at once instead of waiting its turn behind it (Mantine's queue would hold it for the older one's
 * 4 seconds). Placed where it covers none of the header's controls: under the header on wide screens, at the bottom
 * of the screen on phones (Toasts.module.css). Mounted by ToastsHost when the first toast is raised.
 */
export default function Toasts() {
  const { notifications, queue } = useNotifications();
  useEffect(() => {
    const newest = queue.at(-1) ?? notifications.at(-1);
    for (const toast of [...notifications, ...queue]) if (toast !== newest && toast.id) toastStore.hide(toast.id);
  }, [notifications, queue]);
  return <Notifications limit={1} position="top-right" zIndex={1000} className={classes.toasts} />;
}
