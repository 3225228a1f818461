import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EARLY_CLICKS_SCRIPT, type ServerEntry, SPECULATION_RULES } from '@curbside/shared';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

// The landing pages (/, /gallery, a car page, /leaderboard) and the Hall of Fame are sent to signed-out visitors
// already rendered: the client's build has a server entry (client/src/entry-server.tsx, built into dist/.ssr/) that
// renders the same app at the request's address, on the responses of the same procedures the browser would ask (called in-process, with the
// request's own context, so cached reads are shared and hasVoted is the viewer's). The HTML carries that data as JSON
// and the browser hydrates it. A page rendered only from shared responses (no recent vote of the viewer's in it) is
// kept for every such visitor (client.ts). Everything here is an extra: no server entry in the build, a page it does
// not render, a signed-in visitor, a query that fails or a render that fails or takes too long, and the page is sent as
// before.

/** A chunk of the build manifest (client/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * What a response a page is rendered from has in common with other viewers' responses: the read-cache tags it was made
 * from and when its cached copy expires. null: the response is this viewer's own (their recent vote, say).
 */
export interface SharedResponse {
  tags: readonly string[];
  expiresAt: number;
}

/** The same, for a page rendered from several responses: shared only when every one of them is. */
export function sharedByAll(responses: (SharedResponse | null)[]): SharedResponse | null {
  if (responses.some((response) => response === null)) return null;
  const shared = responses as SharedResponse[];
  return {
    tags: [...new Set(shared.flatMap((response) => response.tags))],
    expiresAt: Math.min(Infinity, ...shared.map((response) => response.expiresAt)),
  };
}

/** A signed-out visitor a page is rendered for. */
export interface PageViewer {
  /** Calls a query procedure as this viewer: its response, and what that response shares with other viewers'. */
  call(procedurePath: string, input: unknown): Promise<{ value: unknown; shared: SharedResponse | null }>;
  /**
   * The viewer sees what every signed-out visitor without a recent vote sees, so their page may be one rendered for
   * another such visitor (client.ts keeps those in the read cache).
   */
  seesSharedPage: boolean;
  /**
   * The read-cache tags of what differs for this viewer (a recent voter's cars): on a shared page carrying one of them,
   * the viewer's votes are marked (viewer-votes.ts).
   */
  ownTags: readonly string[];
}

/**
 * The viewer of a request a page is rendered for, or null when the page is not to be rendered on the server for them
 * (signed in: the app shell and pages show them their own).
 */
export type PageViewerOf = (req: FastifyRequest, reply: FastifyReply) => Promise<PageViewer | null>;

/** A request's address as the server entry takes it: the path, and the query string without its '?'. */
function splitUrl(url: string): { urlPath: string; search: string } {
  const [urlPath = '/', search = ''] = url.split(/\?(.*)/s);
  return { urlPath, search };
}

/** A page rendered on the server: index.html with the page in #root, and what it shares with other viewers' pages. */
export interface RenderedPage {
  html: string;
  shared: SharedResponse | null;
}

export interface PageRenderer {
  /**
   * `html` (index.html, with the page's head tags, read meanwhile) with the page at the request's address rendered into
   * #root for `viewer`, its data and its chunk's styles; null when the page is not rendered on the server (see
   * above). Never throws.
   */
  render(req: FastifyRequest, viewer: PageViewer, html: Promise<string>): Promise<RenderedPage | null>;
  /**
   * The address (path and query string) a page rendered for `url` is kept under: only what the page reads, so
   * `/gallery?x=1` and `/gallery?x=2` share one kept page instead of each costing a render and a cache entry.
   */
  pageAddress(url: string): string;
}

/** The islands' script as the build manifest names it (client/src/islands/main.ts). */
export const ISLANDS_ENTRY = 'src/islands/main.ts';

/**
 * What the head of a page sent as islands has instead of the app's script and its preloads: the keeper of clicks made
 * before the islands' script runs, that script with the chunks it imports, and the speculation rules that render a
 * linked landing page ahead (shared/src/islands.ts). null when the build has no islands' script.
 */
export function islandsHead(manifest: Record<string, ManifestChunk>): string | null {
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) return null;
  const imported = new Set<string>([ISLANDS_ENTRY]);
  const visit = (key: string) => {
    for (const next of manifest[key]?.imports ?? []) {
      if (imported.has(next)) continue;
      imported.add(next);
      visit(next);
    }
  };
  visit(ISLANDS_ENTRY);
  imported.delete(ISLANDS_ENTRY);
  const preloads = [...imported].flatMap((key) => {
    const file = manifest[key]?.file;
    return file ? [`<link rel="modulepreload" crossorigin href="/${file}">`] : [];
  });
  return [
    `<script>${EARLY_CLICKS_SCRIPT}</script>`,
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...preloads,
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
  ].join('\n    ');
}

/** How long a render may take before the page is sent without it. */
export const RENDER_TIME_LIMIT_MS = 3_000;

const ROOT = '<div id="root"></div>';

/**
 * The renderer of the client build in `clientDist`, or null when the build has no server entry (then every page is
 * sent as index.html, as before). Loading it is done once, at start.
 */
export async function loadPageRenderer(
  clientDist: string,
  log: FastifyBaseLogger,
  options: { timeLimitMs?: number } = {},
): Promise<PageRenderer | null> {
  const entryFile = path.join(clientDist, '.ssr', 'entry-server.js');
  const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) {
    log.warn({ clientDist }, 'the client build has no server entry: pages are rendered in the browser only');
    return null;
  }
  let entry: ServerEntry;
  let manifest: Record<string, ManifestChunk>;
  try {
    entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    if (typeof entry.render !== 'function' || typeof entry.pageAddress !== 'function') {
      throw new Error('the server entry does not export render and pageAddress');
    }
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (err) {
    log.error(
      { err, clientDist },
      'the server entry of the client build could not be loaded: pages are rendered in the browser only',
    );
    return null;
  }
  const timeLimitMs = options.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const islands = islandsHead(manifest);
  // Built files do not change while the server runs: each is read once.
  const stylesheets = new Map<string, string>();
  const readStylesheet = (file: string) => {
    let css = stylesheets.get(file);
    if (css === undefined) {
      css = readFileSync(path.join(clientDist, file), 'utf8');
      stylesheets.set(file, css);
    }
    return css;
  };
  const pageStyles = new Map<string, PageStyles | null>();
  const stylesOf = (module: string, parts?: string) => {
    const key = parts ? `${module}+${parts}` : module;
    if (!pageStyles.has(key)) {
      const own = chunkStyles(manifest, module, readStylesheet);
      // An islands page's on-demand parts: their styles too, each file once.
      const extra = parts && own ? chunkStyles(manifest, parts, readStylesheet) : null;
      const files = extra ? [...new Set([...(own?.files ?? []), ...extra.files])] : null;
      pageStyles.set(key, own && files ? { files, css: files.map(readStylesheet) } : own);
    }
    return pageStyles.get(key) ?? null;
  };

  return {
    pageAddress(url) {
      const { urlPath, search } = splitUrl(url);
      return entry.pageAddress(urlPath, search);
    },
    async render(req, viewer, html) {
      const { urlPath, search } = splitUrl(req.url);
      const abort = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timeLimit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`the page took over ${timeLimitMs} ms to render`));
        }, timeLimitMs);
      });
      timeLimit.catch(() => undefined); // settled by the race below, or after the caller failed: never unhandled
      const responses: (SharedResponse | null)[] = [];
      const call = async (procedurePath: string, input: unknown) => {
        const { value, shared } = await viewer.call(procedurePath, input);
        responses.push(shared);
        return value;
      };
      try {
        const page = await Promise.race([
          entry.render({ path: urlPath, search, call, signal: abort.signal }),
          timeLimit,
        ]);
        if ('skipped' in page) return null;
        // An islands page without the islands' script in the build: the browser's app renders it, as before.
        if (page.islands && islands === null) return null;
        const styles = stylesOf(page.module, page.islands ? page.parts : undefined);
        if (styles === null) throw new Error(`the build manifest has no chunk ${page.module}`);
        const { hoisted, body } = splitHoisted(page.html);
        const index = await html;
        if (!index.includes(ROOT)) return null;
        const parts = { hoisted, body, stateScript: page.stateScript, islands: page.islands ? islands : null };
        const rendered = renderedPage(index, parts, styles, readStylesheet);
        return { html: rendered, shared: sharedByAll(responses) };
      } catch (err) {
        req.log.error(
          { err },
          'the page could not be rendered on the server; sending it to be rendered in the browser',
        );
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A page chunk's own stylesheets (those the entry does not carry): their files and their text. */
export interface PageStyles {
  files: string[];
  css: string[];
}

/**
 * The stylesheets of a page's chunk and of the chunks it imports, less the entry's (which index.html links), or null
 * when the manifest has no such chunk.
 */
export function chunkStyles(
  manifest: Record<string, ManifestChunk>,
  module: string,
  readStylesheet: (file: string) => string,
): PageStyles | null {
  if (!manifest[module]) return null;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // The app's entry (the islands' script is an entry too; its pages link the same styles).
  const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const shared = entryKey ? closure(entryKey) : new Set<string>();
  const sharedCss = new Set([...shared].flatMap((key) => manifest[key]?.css ?? []));
  const own = [...closure(module)].filter((key) => !shared.has(key));
  const files = [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].filter((file) => !sharedCss.has(file));
  return { files, css: files.map(readStylesheet) };
}

/** index.html's app script and the preloads of the chunks it imports. */
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/** index.html's viewport meta: the preloads React hoisted follow it. */
const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * What a render adds to index.html: the preloads React hoisted, the markup of #root and the data it was rendered from.
 */
export interface PageParts {
  hoisted: string;
  body: string;
  stateScript: string;
  /** A page sent as islands: its head's scripts (islandsHead), which replace the app's. */
  islands?: string | null;
}

/**
 * index.html with a rendered page. The page shows as soon as its HTML has arrived: its styles (the entry's and the page
 * chunk's, about 11 KB compressed) come inline instead of as render-blocking files, and the preloads React hoisted
 * (the page's main photo) come right after the viewport meta, before the scripts, so the photo is not queued behind
 * them and its sizes are read for the phone's own width. Each inlined stylesheet stays named by a disabled link, which
 * the browser does not fetch: Vite's chunk loader, which adds the stylesheets a lazy chunk needs unless a link to them
 * is there, sees it and does not load the same rules a second time (nor put them after the page's own, which would
 * change which rule wins). A page sent as islands has the islands' scripts instead of the app's (`parts.islands`).
 *
 * Put together by slicing index.html (a few KB) and joining with `+`, never by replace() on the whole page: V8 then
 * copies the 150 KB of styles and markup once, when the page is sent, instead of at every step.
 */
export function renderedPage(
  html: string,
  parts: PageParts,
  styles: PageStyles,
  readStylesheet: (file: string) => string,
): string {
  // The stylesheet's text, and its link disabled; the link as it was if the text could end the style element.
  const inline = (file: string, css: string) => {
    const link = `<link rel="stylesheet" crossorigin href="/${file}"`;
    return css.includes('</style') ? `${link}>` : `<style>${css}</style>${link} disabled>`;
  };
  const edits: Edit[] = [...html.matchAll(STYLESHEET_LINK)].map((link) => ({
    at: link.index,
    remove: link[0].length,
    insert: inline(link[1] ?? '', readStylesheet(link[1] ?? '')),
  }));
  const headEnd = html.indexOf('</head>');
  if (parts.islands) {
    // The islands' scripts where the app's script was (or at the head's end), the app's script and preloads gone.
    const scripts = [...html.matchAll(APP_SCRIPTS)].filter((tag) => tag.index < headEnd);
    const islands = `${parts.islands}\n    `;
    if (scripts.length === 0) edits.push({ at: headEnd, remove: 0, insert: islands });
    for (const [i, tag] of scripts.entries()) {
      edits.push({ at: tag.index, remove: tag[0].length, insert: i === 0 ? islands : '' });
    }
  }
  let pageStyles = '';
  styles.files.forEach((file, i) => {
    pageStyles += (i > 0 ? '\n    ' : '') + inline(file, styles.css[i] ?? '');
  });
  edits.push({ at: headEnd, remove: 0, insert: `  ${pageStyles}\n  ` });
  if (parts.hoisted) {
    // After the viewport meta: before it, the preload scanner sizes an image's `100vw` for the 980 px layout
    // viewport a phone assumes without one, and fetches a copy twice too wide.
    const viewport = VIEWPORT_META.exec(html);
    const firstScript = html.indexOf('<script');
    const at =
      viewport && viewport.index < headEnd
        ? viewport.index + viewport[0].length
        : firstScript >= 0 && firstScript < headEnd
          ? firstScript
          : headEnd;
    edits.push({ at, remove: 0, insert: viewport ? `\n    ${parts.hoisted}` : `${parts.hoisted}\n    ` });
  }
  const root = html.indexOf(ROOT);
  if (root < 0) throw new Error('index.html has no empty #root');
  edits.push({ at: root, remove: ROOT.length, insert: `<div id="root">${parts.body}</div>${parts.stateScript}` });
  return spliced(html, edits);
}

interface Edit {
  /** Where in the original text, */
  at: number;
  /** how many of its characters go, */
  remove: number;
  /** and what comes instead. */
  insert: string;
}

/** `text` with the edits made (positions in `text`; at the same position, in the order given). */
function spliced(text: string, edits: Edit[]): string {
  let out = '';
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.at - b.at)) {
    out += text.slice(from, edit.at) + edit.insert;
    from = edit.at + edit.remove;
  }
  return out + text.slice(from);
}

/**
 * React puts the resources it hoists (the preload of a high-priority image) in front of the markup it renders into
 * a container: they belong in the head, where the browser finds them first and hydration does not meet them.
 */
export function splitHoisted(markup: string): { hoisted: string; body: string } {
  const leading = /^(?:<link\b[^>]*>)+/.exec(markup);
  if (!leading) return { hoisted: '', body: markup };
  return { hoisted: leading[0], body: markup.slice(leading[0].length) };
}
