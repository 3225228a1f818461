import './styles/mantine';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadLandingPage } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

preloadLandingPage(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
