// `npm run bench` and `npm run bench:scale` (repository root) start here: `bench.ts` runs bench-run.ts, `bench.ts
// scale [flags]` runs bench-scale-run.ts with the flags. Both import the entities, whose decorators need the server's
// tsconfig, which tsx reads from the working directory: so they run from server/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [which, ...flags] = process.argv.slice(2);
const script = which === 'scale' ? 'scripts/bench-scale-run.ts' : 'scripts/bench-run.ts';
const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...flags], {
  cwd: serverDir,
  stdio: 'inherit',
  env: process.env,
});
process.exit(run.status ?? 1);
