import type { TestApp } from './app';

/**
 * Stops the clock of the app's read cache: its responses do not expire while a test looks at them on a busy machine
 * (a test that shows a response was kept, not computed again). Returns the function that starts it again.
 */
export function stopReadCacheClock(t: TestApp): () => void {
  const cache = t.app.services.readCache as unknown as { now: () => number };
  const original = cache.now;
  const stopped = original();
  cache.now = () => stopped;
  return () => {
    cache.now = original;
  };
}
