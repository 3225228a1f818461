import { SHARE_QR_FAILED, shareLinks } from '../components/cars/share-links';
import { readIslandProps, type ShareIslandProps } from './props';

// A car's share card on an islands page (main.ts): the server draws it without the page's full address (it does not
// know the origin the visitor sees) and without the QR code; this completes both, as the app's ShareCard shows them.

/** How near the viewport the QR code is asked for (as the app's panels: ClientOnly's `nearViewport`). */
const NEAR_VIEWPORT_MARGIN = '300px 0px';

/** Wakes the share card `root`: its links name this page, and the QR code comes once the card is near the screen. */
export function wakeShare(root: HTMLElement): void {
  const { slug, year, make, model, qrAlt = '' } = readIslandProps<ShareIslandProps>(root);
  if (!slug || year === undefined || !make || !model) return;
  const links = shareLinks(`${window.location.origin}/cars/${slug}`, { year, make, model });
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[data-share]')) {
    const which = anchor.dataset.share;
    if (which === 'facebook' || which === 'twitter' || which === 'instagram') anchor.href = links[which];
    // Instagram has no web share address: the caption goes to the clipboard.
    if (which === 'instagram')
      anchor.addEventListener('click', () => void navigator.clipboard?.writeText(links.caption).catch(() => undefined));
  }
  const placeholder = root.querySelector<HTMLElement>('[data-island-part="qr"]');
  if (!placeholder) return;
  const load = () => {
    const input = encodeURIComponent(JSON.stringify({ slug }));
    fetch(`/trpc/share.qrCode?input=${input}`, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { result?: { data?: { qrCode?: string } } } | null) => {
        const qrCode = body?.result?.data?.qrCode;
        if (!qrCode) throw new Error('no QR code');
        const image = new Image(180, 180);
        image.src = qrCode;
        image.alt = qrAlt;
        placeholder.replaceWith(image);
      })
      .catch(() => {
        const failed = document.createElement('p');
        failed.style.cssText = 'margin:0;font-size:var(--mantine-font-size-sm);color:var(--mantine-color-dimmed)';
        failed.textContent = SHARE_QR_FAILED;
        placeholder.replaceWith(failed);
      });
  };
  if (typeof IntersectionObserver === 'undefined') {
    load();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      load();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(placeholder);
}
