import { type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page that React hydrates (and commits) on its own, after the rest: a Suspense boundary
 * with nothing to wait for. Hydrating a page as several such parts makes several short tasks instead of one long
 * one (what Lighthouse counts as blocking time). Transparent everywhere else: the part is rendered with the page.
 */
export function HydrationUnit({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
