import type { ToastText } from '@curbside/shared';

// An islands page's toast (the app's are Mantine's notifications, with their code): one at a time, the newest
// replacing the one showing, at the bottom of the screen, gone after a few seconds. Drawn with the theme's variables,
// so it is in the page's scheme.

const SHOWN_MS = 4_000;

let current: { element: HTMLElement; timer: number } | undefined;

/** Shows `toast` (a failure in red; `message` instead of the toast's own text when given). */
export function showToast(
  toast: ToastText,
  { failure = false, message }: { failure?: boolean; message?: string } = {},
) {
  if (current) {
    window.clearTimeout(current.timer);
    current.element.remove();
  }
  const element = document.createElement('div');
  element.setAttribute('role', failure ? 'alert' : 'status');
  element.style.cssText =
    'position:fixed;z-index:1000;left:50%;bottom:16px;transform:translateX(-50%);width:min(440px,calc(100vw - 32px));' +
    'padding:12px 16px;border-radius:var(--mantine-radius-md);background:var(--mantine-color-body);' +
    'color:var(--mantine-color-text);box-shadow:var(--mantine-shadow-lg);' +
    `border-left:4px solid var(--mantine-color-${failure ? 'red' : 'teal'}-filled)`;
  const title = document.createElement('strong');
  title.style.cssText = 'display:block;font-size:var(--mantine-font-size-sm)';
  title.textContent = toast.title;
  const text = document.createElement('div');
  text.style.cssText = 'font-size:var(--mantine-font-size-sm);color:var(--mantine-color-dimmed)';
  text.textContent = message ?? toast.message ?? '';
  element.append(title, text);
  document.body.append(element);
  const shown = { element, timer: window.setTimeout(() => hide(shown), SHOWN_MS) };
  current = shown;
}

function hide(toast: { element: HTMLElement }) {
  toast.element.remove();
  if (current === toast) current = undefined;
}
