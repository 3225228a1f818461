// What `use-sync-external-store/shim` resolves to (vite.config.ts): on React 18 and later the shim hands out React's
// own useSyncExternalStore, so the app takes it from React and leaves the shim's fallback out of its download.
export { useSyncExternalStore } from 'react';
