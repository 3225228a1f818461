import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT, TOAST_POSITION } from '../lib/notify';

/** The toast container: one visible at a time (spec part 1 §9), the rest wait their turn. */
export default function Toasts() {
  return <Notifications limit={TOAST_LIMIT} position={TOAST_POSITION} zIndex={1000} />;
}
