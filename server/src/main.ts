import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { markStartup, startupMarks } from './ops/startup';
import { warmUpPageRender } from './ops/warm-up';

// Starts the server and stops it gracefully: in-flight requests finish, then the database closes.

async function main(): Promise<void> {
  // The bundle and every package it imports statically are loaded by now.
  markStartup('modulesLoaded');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  markStartup('listening');
  app.log.info({ startupMs: startupMarks() }, `${config.siteName} is running at ${config.publicUrl}`);
  // In the background: listening and /healthz do not wait for it (ops/warm-up.ts).
  if (config.serverRenderWarmUp && config.clientDist) void warmUpPageRender(app);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
