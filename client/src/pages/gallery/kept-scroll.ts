import { useEffect, useState } from 'react';

// Where the visitor was on the page, kept in its history entry (history.state): Back, Forward and a reload come to that
// entry again, while a new visit through a link is a new entry and starts at the top.
const STATE_KEY = 'scrollY';
const SAVE_DELAY_MS = 150;

function keptScrollY(): number | undefined {
  if (typeof window === 'undefined') return undefined; // the server's render
  const state: unknown = window.history.state;
  const y = state && typeof state === 'object' ? (state as Record<string, unknown>)[STATE_KEY] : undefined;
  return typeof y === 'number' && y > 0 ? y : undefined;
}

function keepScrollY(): void {
  const state: unknown = window.history.state;
  const base = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (base[STATE_KEY] === window.scrollY) return;
  window.history.replaceState({ ...base, [STATE_KEY]: window.scrollY }, '');
}

/**
 * Keeps the scroll position in the page's history entry and, once `ready` (the content is rendered at its full
 * height), scrolls back to the one it held on arrival: Back from a car lands where the visitor left the list.
 */
export function useKeptScroll(ready: boolean): void {
  // Read on arrival: the layout's scroll to the top of a new screen would be kept over it otherwise.
  const [target] = useState(keptScrollY);
  const [restored, setRestored] = useState(target === undefined);

  useEffect(() => {
    if (!ready || restored || target === undefined) return;
    // In the next frame: the layout scrolls a new screen to the top in its effect, which runs after this page's.
    const frame = requestAnimationFrame(() => {
      window.scrollTo({ top: target });
      setRestored(true);
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, restored, target]);

  useEffect(() => {
    if (!restored) return;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(keepScrollY, SAVE_DELAY_MS);
    };
    // A click that leaves the page (a car's link) is seen here, in the capture phase, before the link navigates.
    const onClick = () => {
      window.clearTimeout(timer);
      keepScrollY();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('click', onClick, true);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('click', onClick, true);
    };
  }, [restored]);
}
