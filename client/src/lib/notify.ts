import type { ToastText } from '@curbside/shared';
import { errorMessage } from './errors';

// Toasts with the spec's title - text pairs (MESSAGES in @curbside/shared). One is visible at a time (spec part 1
// §9), the newest: components/Toasts, loaded with the first toast, replaces an older one with a newer one.
//
// The toasts' store (@mantine/notifications) is fetched with the first toast too, not with the app's first download:
// most visits raise none. Every call goes through the one import, so calls keep their order (a toast raised and then
// cleared is cleared).

type ToastStore = typeof import('../components/Toasts')['toastStore'];

let store: Promise<ToastStore> | undefined;
let raised = false;
const listeners = new Set<() => void>();

function withStore(action: (toasts: ToastStore) => void): void {
  store ??= import('../components/Toasts').then(
    (module) => module.toastStore,
    (error: unknown) => {
      store = undefined; // the next toast tries again
      throw error;
    },
  );
  // A toast whose code cannot be fetched (the connection dropped) is lost, as the page's other lazy parts would be.
  store.then(action).catch(() => undefined);
}

function show(toast: { title: string; message: string; color: string }): void {
  if (!raised) {
    raised = true;
    for (const listener of listeners) listener();
  }
  withStore((toasts) => toasts.show(toast));
}

/** Whether a toast has been raised on this page yet (components/ToastsHost mounts the container from then on). */
export const toastsRaised = (): boolean => raised;

/** Calls `listener` when the first toast is raised; returns the unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A success or information toast. */
export function notifyToast(toast: ToastText): void {
  show({ title: toast.title, message: toast.message ?? '', color: 'teal' });
}

/**
 * A failure toast (red): the title, with the server's message when the error carries one, else the toast's own
 * fallback text (spec §8: "error message or 'Invalid email or password'").
 */
export function notifyError(toast: ToastText, error?: unknown): void {
  const message = error === undefined ? (toast.message ?? '') : errorMessage(error, toast.message ?? '');
  show({ title: toast.title, message, color: 'red' });
}

/** Takes every toast off the screen and out of the queue. */
export const clearToasts = (): void => {
  if (store) withStore((toasts) => toasts.clean());
};
