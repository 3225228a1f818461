import './styles/mantine';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadLanding } from './landing';
import { createQueryClient, createTrpcClient } from './lib/trpc';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Made once, outside React, so the landing page's code and data are requested before the first render.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
preloadLanding(window.location.pathname, { queryClient, trpcClient });

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} trpcClient={trpcClient} />
  </StrictMode>,
);
