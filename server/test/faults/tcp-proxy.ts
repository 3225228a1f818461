import { connect, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy between the app and MariaDB, so a test can take "the database" away without touching the shared server:
// `cut()` resets every open connection and refuses new ones (the server crashed or restarted), `stall()` lets
// bytes in but none through (a network black hole), `restore()` forwards again.

export interface TcpProxy {
  port: number;
  /** Connections made through the proxy so far. */
  readonly opened: number;
  cut(): void;
  stall(): void;
  restore(): void;
  /** Cut the moment the app sends a packet containing `marker` (the packet is not forwarded). */
  cutOn(marker: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let mode: 'open' | 'cut' | 'stall' = 'open';
  let opened = 0;
  let trigger: { marker: Buffer; fire: () => void } | null = null;

  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    opened++;
    const upstream = connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    if (mode === 'stall') {
      client.pause();
      upstream.pause();
    }
    client.on('data', (chunk: Buffer) => {
      if (trigger && chunk.includes(trigger.marker)) {
        const fire = trigger.fire;
        trigger = null;
        mode = 'cut';
        destroyAll();
        fire();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    get opened() {
      return opened;
    },
    cut() {
      mode = 'cut';
      destroyAll();
    },
    stall() {
      mode = 'stall';
      for (const { client, upstream } of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      mode = 'open';
      for (const { client, upstream } of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    cutOn(marker) {
      return new Promise<void>((resolve) => {
        trigger = { marker: Buffer.from(marker), fire: resolve };
      });
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
