import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vite = path.join(root, 'node_modules', '.bin', 'vite');

/**
 * The client built as `npm run build` builds it (the browser bundle and the server entry), into a fresh folder: for
 * tests of the pages the server renders (CLIENT_DIST).
 */
export function buildClient(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'curbside-client-ssr-'));
  // As `npm run build` runs it: a production build (Vitest sets NODE_ENV=test, which would make Vite emit dev JSX).
  const options = {
    cwd: path.join(root, 'client'),
    stdio: 'pipe' as const,
    env: { ...process.env, NODE_ENV: 'production' },
  };
  execFileSync(vite, ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], options);
  const ssrOut = path.join(dist, '.ssr');
  execFileSync(vite, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', ssrOut, '--logLevel', 'error'], options);
  return dist;
}
