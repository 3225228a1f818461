// The production server: src/main.ts and the workspace code it imports (shared/ included) bundled by esbuild into
// dist/main.js, which `npm start` and the Docker image run with plain node (no tsx, no TypeScript at run time), and
// beside it dist/pdf-worker.js, the worker thread meet-card PDFs are drawn on (src/modules/meet-cards/pdf-thread.ts).
// Run by `npm run build` (turbo); `npm run dev` still runs the sources through tsx.
//
// - Every package from node_modules stays an import, resolved at run time: the native ones (better-sqlite3, sharp,
//   @node-rs/argon2), those that read their own files (swagger-ui-dist, typeorm's drivers, mysql2) and the rest.
//   Only @curbside/* (TypeScript sources without a build of their own) is bundled.
// - Decorators: esbuild reads each file's tsconfig as tsx does (experimentalDecorators, useDefineForClassFields
//   false) and, like tsx, emits no decorator metadata: the entities name every column's type and relation target.
// - keepNames: TypeORM reads class names (entities, migrations); a bundle would otherwise rename clashing ones.
// - Paths from import.meta stay right: dist/ sits at the same depth as src/ (config.ts finds ../../client/dist).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(serverDir, 'dist');

/** A bare import (a package, `node:` included) stays external unless it names a workspace package. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@curbside/') ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  absWorkingDir: serverDir,
  entryPoints: { main: 'src/main.ts', 'pdf-worker': 'src/modules/meet-cards/pdf-worker.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node the project supports (package.json engines); the image and CI also run 22.
  target: 'node20',
  keepNames: true,
  // `node --enable-source-maps dist/main.js` maps stack traces back to the sources when wanted.
  sourcemap: 'linked',
  plugins: [packagesStayExternal],
  write: false,
  logLevel: 'warning',
});

// Each file replaced whole (written aside, then renamed): a server starting meanwhile reads the old one or the new one.
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  writeFileSync(`${file.path}.tmp`, file.contents);
  renameSync(`${file.path}.tmp`, file.path);
  console.log(`${relative(serverDir, file.path)}  ${Math.round(file.contents.length / 1024)} KB`);
}
