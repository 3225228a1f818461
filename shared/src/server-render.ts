// The contract between the API server and the client's server entry (client/src/entry-server.tsx, built with
// `vite build --ssr`): the server loads the entry and calls `render` for a landing page, giving it the request's
// address and a way to call query procedures in-process (server/src/plugins/page-render.ts). Types only.

/** A query procedure's response for this request's viewer, as /trpc would send it (JSON). Rejects when it fails. */
export type CallProcedure = (path: string, input: unknown) => Promise<unknown>;

export interface RenderRequest {
  /** The address's path, %-escaped as it arrived. */
  path: string;
  /** The query string without its '?'. */
  search: string;
  call: CallProcedure;
  /** Gives up the render (the server's time limit). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache the page was rendered from, for the browser's hydrate(): a JSON data element for the body. */
  stateScript: string;
  /** The page's module as the build manifest names it (the server links its chunk and styles). */
  module: string;
  /**
   * The page is sent as islands (client/src/islands/main.ts): with the islands' script instead of the app's, and
   * no query cache (`stateScript` is empty).
   */
  islands?: boolean;
  /**
   * An islands page's parts the islands' script loads on demand, as the build manifest names their chunk: the page
   * carries their styles too.
   */
  parts?: string;
}

/** Why a page is sent without server-rendered markup (index.html as it is); not an error. */
export type NotRendered = { skipped: 'not-landing' | 'signed-in' | 'site-mode' | 'query-failed' };

/** What the server entry exports. */
export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderedPage | NotRendered>;
  /**
   * The address a rendered page is kept under: `path` (as it arrived) with only the parameters of `search` (without
   * its '?') the page reads, as it reads them; any other address of the same page state gets the same kept page.
   */
  pageAddress(path: string, search: string): string;
}

/**
 * The id of the JSON data element (an array of car ids) the server adds to a kept page it sends a recent voter: the
 * cars on it they voted for. The page's markup was rendered for a visitor who has not voted, its data (the query
 * cache) says they did; the browser hydrates the markup as rendered, then shows their votes
 * (client/src/lib/viewer-votes.ts).
 */
export const VIEWER_VOTES_ELEMENT_ID = 'viewer-votes';
