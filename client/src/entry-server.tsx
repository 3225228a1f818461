// The server's render of a landing page (/, /gallery, a car page, /leaderboard) or the Hall of Fame (server-pages.ts)
// for a signed-out visitor, built with `vite build --ssr` into dist/.ssr/ and run by the API server
// (server/src/plugins/page-render.ts). The same <App> as main.tsx, at the request's address, on a query cache filled
// by the same prefetches the browser would make (landing.ts): its procedures are called in-process, through `call`,
// with the request's own context. The browser hydrates the HTML with the dehydrated cache, so its first render is the
// server's.
import type { CallProcedure, NotRendered, RenderedPage, RenderRequest } from '@curbside/shared';
import { type DehydratedState, dehydrate, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App, type AppClients } from './App';
import { IslandsContext } from './islands/context';
import type { LandingPageAt } from './landing';
import { type AppRouter, createQueryClient } from './lib/trpc';
import { pageAddress } from './page-address';
import { leaderboardInput, leaderboardMonthOf } from './pages/leaderboard-period';
import { serverPageAt } from './server-pages';
import { SERVER_STATE_ELEMENT_ID } from './server-state';

export { pageAddress };

/**
 * The query cache as a `<script type="application/json">`: data the browser never runs (the Content-Security-Policy
 * allows no inline script). `<` is escaped, so no text in it (a car's story) can close the element.
 */
export function serverStateScript(state: DehydratedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

/** A tRPC link that resolves every operation through `call` (no HTTP), as JSON would carry the response. */
function procedureLink(call: CallProcedure): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type !== 'query') {
          observer.error(TRPCClientError.from(new Error(`The server render only reads: ${op.path}`)));
          return;
        }
        call(op.path, op.input).then(
          (data) => {
            // Through JSON, as the browser receives it: a Date becomes the same string on both sides.
            const json = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
            observer.next({ result: { type: 'data', data: json } });
            observer.complete();
          },
          (error: unknown) => observer.error(TRPCClientError.from(error as Error)),
        );
      });
}

/**
 * The first queries of the landing pages that read the address's query string, by module: the server renders the
 * page the whole address names (`/leaderboard?period=all`). The browser's own head start (landing.ts) goes by the path
 * alone: it is in every page's first download, which is at its budget, and a page asks for what it lacks anyway.
 */
const BY_QUERY_STRING: Record<string, (clients: AppClients, search: string) => Promise<unknown>[]> = {
  'src/pages/LeaderboardPage.tsx': ({ queryClient, trpcClient }, search) => {
    const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
    // A closed month's final ranking (`?month=2026-10`, a shared Hall of Fame link) instead of the live list; a month
    // not closed fails, and the browser's page says so.
    const month = leaderboardMonthOf(search);
    return [
      month === null
        ? queryClient.prefetchQuery(trpc.cars.top.queryOptions(leaderboardInput(search)))
        : queryClient.prefetchQuery(trpc.hallOfFame.month.queryOptions({ month })),
      // The past months' menu: with the page, so nothing on it changes after it hydrates (its deferred parts would
      // otherwise be rendered again in the browser instead of adopted).
      queryClient.prefetchQuery(trpc.hallOfFame.winners.queryOptions()),
    ];
  },
};

/**
 * The pages sent as islands (islands/main.ts) to the visitors they are rendered for: their HTML with a small script
 * for their controls instead of the app. The others are hydrated by the app (main.tsx). A page is added once its
 * controls all work as islands.
 */
const ISLAND_PAGES: ReadonlySet<string> = new Set([
  'src/pages/HomePage.tsx',
  'src/pages/GalleryPage.tsx',
  'src/pages/LeaderboardPage.tsx',
  'src/pages/CarDetailPage.tsx',
]);

/**
 * What an islands page needs beyond the app's render of it, by module: what the server draws in place of a part the
 * app draws in the browser only, and the chunk of its parts the islands' script loads on demand, whose styles come
 * with the page (so the server's drawing of them is styled, and the parts arrive with their styles in place).
 */
const ISLAND_EXTRAS: Record<string, { prepare: (clients: AppClients) => void; parts: string }> = {
  'src/pages/CarDetailPage.tsx': {
    // The print card as it first shows, its list of prints closed: the list is not in its markup, only whether it has
    // arrived ('Choose a print', not 'Loading…'). So the server draws it from an empty list instead of reading one
    // (products.list is no cached read: the page would not be kept), and the parts' chunk reads the list before it
    // draws the card again.
    prepare: ({ queryClient, trpcClient }) => {
      const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
      queryClient.setQueryData(trpc.products.list.queryKey({ limit: 100 }), []);
    },
    parts: 'src/islands/car-parts.tsx',
  },
};

/**
 * Renders the page at `request.path` (a landing page, or another page the server renders) with its data, or says why not. Throws when React fails to render it
 * (the server then sends index.html as it is).
 */
export async function render(request: RenderRequest): Promise<RenderedPage | NotRendered> {
  const page = serverPageAt(request.path, request.search);
  if (!page) return { skipped: 'not-landing' };
  // The page is kept under its address (pageAddress: only the parameters the page reads) and sent to every visitor of
  // that address, so it is rendered from those parameters alone: a visitor's own (a car page's `?print=` choice back
  // from sign-in, `?src=card`) must not end up in the copy others get. The browser reads its own address for them.
  const kept = pageAddress(request.path, request.search);
  const keptSearch = kept.includes('?') ? kept.slice(kept.indexOf('?') + 1) : '';
  const queryClient = createQueryClient();
  try {
    return await renderWith(queryClient, page, { ...request, search: keptSearch });
  } finally {
    // A query with a finite gcTime (the banner's) schedules its removal on a timer, which would keep this render —
    // its cache, its React tree and the request's `call` — in memory for that long (5 minutes) after it is sent.
    queryClient.clear();
  }
}

async function renderWith(
  queryClient: QueryClient,
  page: LandingPageAt,
  request: RenderRequest,
): Promise<RenderedPage | NotRendered> {
  const trpcClient = createTRPCClient<AppRouter>({ links: [procedureLink(request.call)] });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

  const islands = ISLAND_PAGES.has(page.module);
  const extras = islands ? ISLAND_EXTRAS[page.module] : undefined;
  let prefetches: Promise<unknown>[];
  try {
    prefetches = (BY_QUERY_STRING[page.module] ?? page.prefetch)({ queryClient, trpcClient }, request.search);
    extras?.prepare({ queryClient, trpcClient });
  } catch {
    return { skipped: 'query-failed' }; // an address it cannot read: the browser's page reports it
  }
  // What the app shell reads (useCurrentUser, useSiteSettings), beside the page's own queries and its chunk.
  await Promise.all([
    queryClient.prefetchQuery(trpc.accounts.me.queryOptions()),
    queryClient.prefetchQuery(trpc.settings.get.queryOptions()),
    ...prefetches,
    page.load(),
  ]);
  // Every query must have its data: a page rendered with a failed query would differ from the browser's first render
  // (which asks again), so such a page is left to the browser, as before.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status !== 'success')
  ) {
    return { skipped: 'query-failed' };
  }
  if (queryClient.getQueryData(trpc.accounts.me.queryKey())) return { skipped: 'signed-in' };
  const settings = queryClient.getQueryData(trpc.settings.get.queryKey());
  if (settings?.maintenanceMode || settings?.comingSoonMode) return { skipped: 'site-mode' };

  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <IslandsContext value={islands}>
        <App
          queryClient={queryClient}
          trpcClient={trpcClient}
          location={{ path: request.path, search: request.search }}
        />
      </IslandsContext>
    </StrictMode>,
    {
      signal: request.signal,
      onError: (error) => void errors.push(error),
      // Every Suspense boundary in place, as one document: React otherwise moves a large one to the end, to be put
      // in place by an inline script, which the Content-Security-Policy does not let run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  let html = '';
  const decoder = new TextDecoder();
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>) {
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  html += decoder.decode();
  // A part that failed on the server would be left for the browser to render: send the browser's page instead.
  if (errors.length > 0) throw errors[0];
  // An islands page has no app to hand the query cache to.
  if (islands) return { html, stateScript: '', module: page.module, islands, parts: extras?.parts };
  return { html, stateScript: serverStateScript(dehydrate(queryClient)), module: page.module };
}
