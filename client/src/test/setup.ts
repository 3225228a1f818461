import { cleanNotifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setViewport } from './render';

// findBy* and waitFor wait for a condition, not for a time: the default 1 s is shorter than a busy 2-core machine
// needs to load a page's lazy chunk the first time a file renders it. A wait that is met returns at once, so this only
// changes how long a real failure takes to report. (vitest.config.ts gives client tests a testTimeout to match.)
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  cleanNotifications();
  window.history.replaceState(null, '', '/');
  sessionStorage.clear(); // preview mode and the page sign-in returns to (lib/preview-mode.ts, lib/return-to.ts)
  setViewport(1024, 768);
});
