import { existsSync } from 'node:fs';

// How the bench and the soak start the server they measure: as production starts it.

/**
 * Node's flags of the server as production gives them (server/package.json `start`, docker/Dockerfile): a young
 * generation of 3 x 4 MB instead of 3 x 16 MB keeps the resident set under 300 MB under load.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The server's malloc, as the Docker image sets it (docker/Dockerfile): jemalloc through LD_PRELOAD when the system
 * has it (Debian: libjemalloc2). glibc's malloc keeps memory the app has freed: in the SQLite soak its arenas held
 * 214 MB for 30 MB in use, which malloc_trim(0) gave back (docs/reliability.md). Without jemalloc, glibc with two
 * arenas. SERVER_ALLOCATOR=glibc forces glibc, to compare.
 */
export const SERVER_ALLOCATOR = ((): { name: string; env: Record<string, string> } => {
  const jemalloc = [
    '/usr/local/lib/libjemalloc.so.2',
    '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
    '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  ].find((file) => existsSync(file));
  if (jemalloc && process.env.SERVER_ALLOCATOR !== 'glibc') return { name: 'jemalloc', env: { LD_PRELOAD: jemalloc } };
  return { name: 'glibc malloc, MALLOC_ARENA_MAX=2', env: { MALLOC_ARENA_MAX: '2' } };
})();
