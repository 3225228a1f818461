import { NEWSLETTER_MESSAGES } from '@curbside/shared';
import { showToast } from './toast';

// The footer's newsletter form on an islands page (main.ts): what the app's NewsletterForm does, on the server's
// markup, through the same procedure (newsletter.subscribe, as the app's tRPC client sends it: POST, JSON).

const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Wakes the form `root`: checks the address, subscribes it, then thanks the visitor in its place. */
export function wakeNewsletter(root: HTMLElement): void {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  const input = form.querySelector<HTMLInputElement>('input[type="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!input || !button) return;
  const busy = (on: boolean) => {
    input.disabled = on;
    button.disabled = on;
    button.toggleAttribute('data-loading', on);
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const email = input.value.trim();
    if (!BASIC_EMAIL.test(email)) {
      showToast(NEWSLETTER_MESSAGES.invalidEmail, { failure: true });
      return;
    }
    busy(true);
    let refused: string | undefined;
    try {
      const response = await fetch('/trpc/newsletter.subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ email, source: 'footer' }),
      });
      if (!response.ok) {
        // The server's message when it gives one (as the app shows it), else the toast's own text.
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        refused = body?.error?.message || NEWSLETTER_MESSAGES.failed.message;
      }
    } catch {
      refused = NEWSLETTER_MESSAGES.failed.message; // no answer (offline)
    }
    if (refused !== undefined) {
      busy(false);
      showToast(NEWSLETTER_MESSAGES.failed, { failure: true, message: refused });
      return;
    }
    const thanks = document.createElement('p');
    thanks.setAttribute('role', 'status');
    thanks.style.cssText = 'margin:0;font-size:var(--mantine-font-size-sm)';
    thanks.textContent = NEWSLETTER_MESSAGES.thanks;
    form.replaceWith(thanks);
    showToast(NEWSLETTER_MESSAGES.subscribed);
  });
}
