import { cleanNotifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setViewport } from './render';

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
  cleanNotifications();
  window.history.replaceState(null, '', '/');
  setViewport(1024, 768);
});
