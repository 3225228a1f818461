import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../hooks/useHydrated';

/** How near the viewport a `nearViewport` panel starts loading: about a third of a phone's screen ahead of it. */
const NEAR_VIEWPORT_MARGIN = '300px 0px';

/**
 * Children rendered in the browser only, under their own Suspense boundary: the server's HTML (and the hydration of
 * it) has the fallback; the children replace it once the page is live, in a transition (rendered in slices, not one
 * long task). For panels that load after the page anyway (lazy chunks below the fold) or that read the browser
 * (window.location). With `nearViewport`, they wait until the fallback comes within a screen of the viewport: a
 * phone that never scrolls down to them does not fetch and run their code while the page loads.
 */
export function ClientOnly({
  fallback,
  children,
  nearViewport = false,
}: {
  fallback: ReactNode;
  children: ReactNode;
  nearViewport?: boolean;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated && !nearViewport);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const element = placeholder.current;
    if (!nearViewport || !element || typeof IntersectionObserver === 'undefined') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) show();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown, nearViewport]);
  if (shown) return <Suspense fallback={fallback}>{children}</Suspense>;
  return nearViewport ? <div ref={placeholder}>{fallback}</div> : fallback;
}
