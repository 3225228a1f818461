import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { type NotificationData, Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { dismissToast } from '../lib/notify';
import classes from './Toasts.module.css';

/**
 * The toast container: one visible at a time (spec part 1 §9), and the newest wins. A toast raised while another is
 * showing replaces it at once instead of waiting its turn behind it (Mantine's queue would hold it for the older one's
 * 4 seconds). Placed where it covers none of the header's controls: under the header on wide screens, at the bottom
 * of the screen on phones (Toasts.module.css). What is showing and waiting comes from ToastsHost, which watches the
 * toasts anyway.
 */
export default function Toasts({
  notifications,
  queue,
}: {
  notifications: NotificationData[];
  queue: NotificationData[];
}) {
  useEffect(() => {
    const newest = queue.at(-1) ?? notifications.at(-1);
    for (const toast of [...notifications, ...queue]) if (toast !== newest && toast.id) dismissToast(toast.id);
  }, [notifications, queue]);
  return <Notifications limit={1} position="top-right" zIndex={1000} className={classes.toasts} />;
}
