// `npm run bench` (repository root) starts here. The benchmark itself (bench-run.ts) imports the entities, whose
// decorators need the server's tsconfig, which tsx reads from the working directory: so run it from server/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench-run.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
process.exit(run.status ?? 1);
