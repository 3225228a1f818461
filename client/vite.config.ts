import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
// By path: this file runs in Node before anything is built, which cannot load the shared package's TypeScript entry.
import { COLOR_SCHEME_SCRIPT } from '../shared/src/color-scheme.ts';

// The API server (Fastify) listens on 3000 in development; the browser only ever talks to the Vite origin,
// so cookies stay first-party and no CORS is needed.
const apiTarget = process.env.CURBSIDE_API_URL ?? 'http://127.0.0.1:3000';

// Modules known to be free of side effects although their package.json does not say so (see build.rolldownOptions;
// @curbside/shared says so in its own package.json):
// - @trpc/client's WebSocket link, which its index imports and whose top-level code outlives tree-shaking: this app
//   talks HTTP only.
// - react-remove-scroll's sidecar registration, re-exported by @mantine/core's index, lands in every bundle even
//   where no modal is used; it only matters where RemoveScroll (Modal, Drawer) is imported, and then it is.
const SIDE_EFFECT_FREE = [
  /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]dist[\\/]wsLink-[\w-]+\.mjs$/,
  /[\\/]node_modules[\\/]react-remove-scroll[\\/].*sidecar\.js$/,
  /[\\/]node_modules[\\/]use-sidecar[\\/].*medium\.js$/,
];

// wouter imports React's useSyncExternalStore through the `use-sync-external-store` shim (for React before 18), which
// on React 18 and later hands out React's own but still ships its fallback in the first download (0.6 KB gzip). Taken
// straight from React instead: the same function the shim returns here.
const USE_SYNC_EXTERNAL_STORE_SHIM = /^use-sync-external-store\/shim(\/index\.js)?$/;

/**
 * The files each page module under src/pages needs beyond the entry's (its chunk, the chunks it imports statically and
 * their styles), as assets/page-files-<hash>.json, named in index.html by `<meta name="page-files">`.
 * src/lib/prefetch.ts fetches them for the links in view on a touch screen without running them: running a page's
 * code costs the main thread, fetching it does not. Keyed as the manifest names modules (src/pages/CartPage.tsx).
 */
function pageFilesPlugin(): Plugin {
  let root = '';
  let written: { fileName: string; json: string } | undefined;
  return {
    name: 'curbside-page-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, files = new Set<string>()) => {
          const chunk = byFile.get(fileName);
          if (!chunk || files.has(fileName)) return files;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) closure(imported, files);
          return files;
        };
        // The app's entry (index.html's), not the islands' script (src/islands/main.ts), which no page of the app loads.
        const appEntry = chunks.filter((chunk) => chunk.isEntry && chunk.name === 'index');
        const entry = new Set(appEntry.flatMap((chunk) => [...closure(chunk.fileName)]));
        const pageFiles: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const module = chunk.isDynamicEntry && chunk.facadeModuleId && relative(root, chunk.facadeModuleId);
          if (!module || !/^src\/pages\/\w+\.tsx$/.test(module)) continue;
          pageFiles[module] = [...closure(chunk.fileName)].filter((file) => !entry.has(file));
        }
        const json = JSON.stringify(pageFiles);
        const hash = createHash('sha256').update(json).digest('base64url').slice(0, 10);
        written = { fileName: `assets/page-files-${hash}.json`, json };
        return html.replace('</head>', `<meta name="page-files" content="/${written.fileName}" />\n  </head>`);
      },
    },
    writeBundle({ dir }) {
      if (written && dir) writeFileSync(join(dir, written.fileName), written.json);
    },
  };
}

/** The headings' face (src/styles/fonts.css), as the build names its file. */
const HEADING_FONT_FILE = /^assets\/barlow-condensed-latin-800-normal-[\w-]+\.woff2$/;

/** index.html's viewport meta, which the preloads of a page's first resources follow. */
const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

/**
 * The HTML head's own parts, first in it: the script that sets the light or dark scheme before anything is drawn
 * (shared/src/color-scheme.ts; first, so no stylesheet holds it up) and, in a build, a preload of the headings' face,
 * whose file name carries the build's hash: the largest text of a page (its title) is drawn in it, and the stylesheet
 * that names it would otherwise have to arrive and apply before the font is asked for. The preload goes right after
 * the viewport meta, ahead of the app's script and its module preloads, which would otherwise take the browser's
 * connections first and hold up the first layout (docs/performance.md, "The home page's LCP").
 */
function headPlugin(): Plugin {
  return {
    name: 'curbside-head',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const tags: HtmlTagDescriptor[] = [{ tag: 'script', children: COLOR_SCHEME_SCRIPT, injectTo: 'head-prepend' }];
        const font = Object.values(bundle ?? {}).find((output) => HEADING_FONT_FILE.test(output.fileName));
        if (bundle && !font) throw new Error('The build has no headings face to preload: see src/styles/fonts.css');
        if (!font) return { html, tags };
        if (!VIEWPORT_META.test(html)) throw new Error('index.html has no viewport meta to put the font preload after');
        const preload = `<link rel="preload" href="/${font.fileName}" as="font" type="font/woff2" crossorigin>`;
        return { html: html.replace(VIEWPORT_META, (meta) => `${meta}\n    ${preload}`), tags };
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), pageFilesPlugin(), headPlugin()],
  resolve: {
    alias: [
      {
        find: USE_SYNC_EXTERNAL_STORE_SHIM,
        replacement: fileURLToPath(new URL('src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
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
        // No polyfill for `<link rel="modulepreload">` in the first download (0.5 KB gzip): every browser Mantine 9
        // supports but Safari before 17 follows it, and there a preloaded chunk is fetched when imported instead.
        modulePreload: { polyfill: false },
        // dist/.vite/manifest.json: which chunks and styles each entry and page pulls in. scripts/check-bundle-size.mjs
        // reads it to hold the home page to its budget, and the server to link a rendered page's chunk and styles; the
        // server does not serve dot-directories.
        manifest: true,
        rolldownOptions: {
          // The app (index.html, src/main.tsx), and the script of the landing pages sent as islands
          // (src/islands/main.ts, linked by the server: server/src/plugins/page-render.ts).
          input: {
            index: fileURLToPath(new URL('index.html', import.meta.url)),
            islands: fileURLToPath(new URL('src/islands/main.ts', import.meta.url)),
          },
          // The libraries the app's shell runs on every page (React, Mantine's core and the components the shell draws,
          // TanStack Query, tRPC, wouter) in one chunk, instead of the dozen small common chunks the automatic split
          // cuts them into: each chunk is compressed on its own and names what it imports and exports, so the first
          // download was 2–3 KB gzip larger in pieces (docs/performance.md, "The app's first download"). Only modules
          // the entries import statically ($initial), and only scripts: a page's own libraries still come with the page,
          // and stylesheets keep the order src/styles/mantine.ts gives them. The islands' script imports none of these.
          output: {
            codeSplitting: {
              groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/].*\.m?js$/, tags: ['$initial'] }],
            },
          },
          treeshake: {
            moduleSideEffects: (id) => (SIDE_EFFECT_FREE.some((pattern) => pattern.test(id)) ? false : null),
          },
        },
      },
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
}));
