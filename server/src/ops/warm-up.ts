import type { FastifyInstance } from 'fastify';
import { markStartup, startupMarks } from './startup';

// The first page a fresh process renders on the server costs far more than the next ones: the server entry's page
// chunk is imported, and React's, Mantine's and the page's code run for the first time (interpreted, then compiled).
// Measured on a loaded host, that first render took over a second where the next took tens of milliseconds, and a
// page-render test's first render passed its 3 s limit at load 20-30 (docs/performance.md, "Start-up"). So right
// after listening the server asks itself for the home page, in the background: the first visitor after a deploy
// gets a render on warm code (and the home page already kept). It never delays listening or /healthz, and a
// failure is logged and otherwise ignored: the first visitor then renders the page, as before.

/** The page rendered: the one most visitors land on, and whose kept copy serves them. */
export const WARM_UP_PATH = '/';

/**
 * Renders WARM_UP_PATH once through the app's own routes (as a signed-out visitor's request, answered in-process), and
 * logs how long it took. Never throws: resolves to the response's status, or null when the request failed.
 */
export async function warmUpPageRender(app: FastifyInstance): Promise<number | null> {
  const started = performance.now();
  try {
    const res = await app.inject({ method: 'GET', url: WARM_UP_PATH, headers: { 'user-agent': 'curbside-warm-up' } });
    markStartup('warmedUp');
    app.log.info(
      {
        path: WARM_UP_PATH,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        startupMs: startupMarks(),
      },
      'warm-up render done',
    );
    return res.statusCode;
  } catch (err) {
    app.log.warn({ err, path: WARM_UP_PATH }, 'the warm-up render failed; the first visitor renders the page instead');
    return null;
  }
}
