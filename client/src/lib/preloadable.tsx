import { type ComponentType, lazy } from 'react';

/** A page component loaded on demand, whose chunk can be fetched ahead (see preloadable). */
export interface PreloadablePage<P extends object> {
  /** Fetches the chunk (once); afterwards the component renders without suspending. */
  load: () => Promise<{ default: ComponentType<P> }>;
  Component: ComponentType<P>;
}

/**
 * Like React.lazy, but once `load` has resolved — called by anyone, e.g. before the first render — the component
 * renders at once instead of suspending first. A page the server rendered can then be hydrated in one pass, rather
 * than leaving its Suspense boundary to a second one when the chunk arrives.
 */
export function preloadable<P extends object>(
  importer: () => Promise<{ default: ComponentType<P> }>,
): PreloadablePage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a failed fetch may be tried again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(load);
  function Preloadable(props: P) {
    const Page = loaded ?? Lazy;
    return <Page {...props} />;
  }
  return { load, Component: Preloadable };
}
