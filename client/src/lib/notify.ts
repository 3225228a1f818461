import type { ToastText } from '@curbside/shared';
import { notifications } from '@mantine/notifications';
import { errorMessage } from './errors';

// Toasts with the spec's title - text pairs (MESSAGES in @curbside/shared). One is visible at a time (spec part 1
// §9), the newest: components/Toasts, loaded with the first toast, replaces an older one with a newer one.

/** A success or information toast. */
export function notifyToast(toast: ToastText): void {
  notifications.show({ title: toast.title, message: toast.message ?? '', color: 'teal' });
}

/**
 * A failure toast (red): the title, with the server's message when the error carries one, else the toast's own
 * fallback text (spec §8: "error message or 'Invalid email or password'").
 */
export function notifyError(toast: ToastText, error?: unknown): void {
  const message = error === undefined ? (toast.message ?? '') : errorMessage(error, toast.message ?? '');
  notifications.show({ title: toast.title, message, color: 'red' });
}

/** Takes every toast off the screen and out of the queue. */
export const clearToasts = (): void => notifications.clean();

/** Takes a toast off the screen (components/Toasts: a newer toast replaces it). */
export const dismissToast = (id: string) => notifications.hide(id);
