import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (Fastify) listens on 3000 in development; the browser only ever talks to the Vite origin,
// so cookies stay first-party and no CORS is needed.
const apiTarget = process.env.CURBSIDE_API_URL ?? 'http://127.0.0.1:3000';

// Modules known to be free of side effects although their package.json does not say so (see build.rolldownOptions):
// - @curbside/shared is pure (schemas, constants, functions): importing one constant would otherwise drag every zod
//   schema, and zod, into the page that uses it. TODO(shared): drop once shared/package.json has "sideEffects": false.
// - react-remove-scroll's sidecar registration, re-exported by @mantine/core's index, lands in every bundle even
//   where no modal is used; it only matters where RemoveScroll (Modal, Drawer) is imported, and then it is.
const SIDE_EFFECT_FREE = [
  /[\\/]shared[\\/]src[\\/].*\.ts$/,
  /[\\/]node_modules[\\/]react-remove-scroll[\\/].*sidecar\.js$/,
  /[\\/]node_modules[\\/]use-sidecar[\\/].*medium\.js$/,
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/trpc': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/trpc': { target: apiTarget, changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the server's render of the landing pages (server/src/plugins/
        // page-render.ts loads it). In a dot-directory, which the server does not serve, and self-contained (every
        // dependency bundled, React in its production build), so a copy of dist/ works without node_modules.
        outDir: 'dist/.ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Hashed file names (Vite's default) let the server cache /assets/* as immutable.
        assetsDir: 'assets',
        sourcemap: !!process.env.SOURCEMAP,
        // dist/.vite/manifest.json: which chunks and styles each entry and page pulls in. scripts/check-bundle-size.mjs
        // reads it to hold the home page to its budget, and the server to link a rendered page's chunk and styles; the
        // server does not serve dot-directories.
        manifest: true,
        rolldownOptions: {
          treeshake: {
            moduleSideEffects: (id) => (SIDE_EFFECT_FREE.some((pattern) => pattern.test(id)) ? false : null),
          },
        },
      },
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
}));
