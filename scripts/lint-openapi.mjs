// `npm run openapi:lint`: Redocly (recommended rules, redocly.yaml) and Spectral (spectral:oas, .spectral.yaml) over
// the committed OpenAPI document, docs/openapi.json. Both run offline. Exits non-zero when either reports an error.
// The document is written by `npm run openapi:write`; a contract test checks it matches what the server serves.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const document = 'docs/openapi.json';
const bin = (name) => join(root, 'node_modules/.bin', name);
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  REDOCLY_CLI_TELEMETRY: 'off',
};

function run(label, command, args) {
  console.log(`\n> ${label}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const redocly = run('redocly lint', bin('redocly'), ['lint', document, '--config', 'redocly.yaml']);
const spectral = run('spectral lint', bin('spectral'), [
  'lint',
  document,
  '--ruleset',
  '.spectral.yaml',
  '--fail-severity',
  'error',
]);
process.exit(redocly === 0 && spectral === 0 ? 0 : 1);
