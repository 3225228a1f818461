// What expensive answers cost everyone else: the production server on a fresh embedded database with 60 cars (one
// photo each), and, round after round, one car edited and then twenty requests sent at once for
//   - its owner's meet card (A6 PDF),
//   - the admin's sheet of all 60 cards (Letter, four to a page),
//   - ten QR codes in one tRPC batch (twenty such batches),
// while another visitor asks GET /api/stats one request after another. Prints, per kind and round, the renders the
// twenty cost (the server's curbside_renders_total), how long they took, and the visitor's slowest and median wait.
//
//   npm run bench:renders                    # 5 rounds of each
//   BENCH_ROUNDS=10 npm run bench:renders
//
// Figures go in docs/performance.md ("Expensive answers").

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { buildProductionServer, type MeasuredServer, startProductionServer } from './measured-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PARALLEL = 20;
const CARS = 60;
const METRICS_TOKEN = randomBytes(24).toString('hex');
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

interface Session {
  cookie: string;
}

async function call(server: MeasuredServer, method: string, url: string, session?: Session, body?: unknown) {
  const headers: Record<string, string> = { 'x-forwarded-for': '2001:db8:1::1' };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

async function signIn(server: MeasuredServer): Promise<Session> {
  const res = await call(server, 'POST', '/api/login', undefined, ADMIN);
  if (!res.ok) throw new Error(`Signing in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
}

async function makeCars(server: MeasuredServer, session: Session): Promise<{ id: number; slug: string }[]> {
  const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const cars: { id: number; slug: string }[] = [];
  for (let i = 0; i < CARS; i++) {
    const res = await call(server, 'POST', '/api/cars', session, {
      make: 'Bench',
      model: `Car ${i}`,
      year: 1990 + (i % 30),
      ownerName: `Owner ${i}`,
      category: 'JDM',
      story: 'Measured.',
      legalAgreement: true,
    });
    if (res.status !== 201) throw new Error(`Creating a car failed: ${res.status} ${await res.text()}`);
    const car = (await res.json()) as { id: number; slug: string };
    const form = new FormData();
    form.append('carId', String(car.id));
    form.append('isPrimary', 'true');
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const upload = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      body: form,
      headers: { cookie: session.cookie, 'x-forwarded-for': '2001:db8:1::1' },
    });
    if (upload.status !== 201) throw new Error(`Uploading a photo failed: ${upload.status} ${await upload.text()}`);
    cars.push(car);
  }
  return cars;
}

/** A series of the server's /metrics (0 when not there yet). */
async function metric(server: MeasuredServer, series: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const renders = (server: MeasuredServer, kind: string) => metric(server, `curbside_renders_total{kind="${kind}"}`);
/**
 * The longest the server's main thread was blocked since the last scrape (prom-client samples the event loop's
 * delay and starts afresh at each scrape): what the server itself made requests wait, apart from the host's load.
 */
const loopLagMs = async (server: MeasuredServer) =>
  Math.round((await metric(server, 'curbside_nodejs_eventloop_lag_max_seconds')) * 1000);

/** Another visitor's GET /api/stats, one after another until `until` settles: each one's wait in ms. */
async function probe(server: MeasuredServer, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  until.finally(() => {
    done = true;
  });
  const waits: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/stats`, { headers: { 'x-forwarded-for': '2001:db8:2::7' } });
    await res.arrayBuffer();
    waits.push(performance.now() - started);
  }
  return waits;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

interface Row {
  kind: string;
  round: number;
  statuses: string;
  renders: number;
  ms: number;
  probes: number;
  medianWait: number;
  maxWait: number;
  loopLag: number;
}

async function measure(
  server: MeasuredServer,
  kind: string,
  metric: string,
  round: number,
  request: () => Promise<Response>,
): Promise<Row> {
  const before = await renders(server, metric);
  await loopLagMs(server); // starts the server's sampling afresh
  const started = performance.now();
  const burst = Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const res = await request();
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const [statuses, waits] = await Promise.all([burst, probe(server, burst)]);
  const ms = performance.now() - started;
  const loopLag = await loopLagMs(server);
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return {
    kind,
    round,
    statuses: [...counts].map(([status, n]) => `${n}×${status}`).join(' '),
    renders: (await renders(server, metric)) - before,
    ms: Math.round(ms),
    probes: waits.length,
    medianWait: Math.round(median(waits)),
    maxWait: Math.round(Math.max(...waits)),
    loopLag,
  };
}

async function main() {
  const bundle = buildProductionServer();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curbside-bench-renders-'));
  const server = await startProductionServer(bundle, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    ALLOW_HTTP_PUBLIC_URL: 'true',
    ALLOW_OUTBOX_MAIL_IN_PRODUCTION: 'true',
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    METRICS_TOKEN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const rows: Row[] = [];
  try {
    const admin = await signIn(server);
    const cars = await makeCars(server, admin);
    const [first] = cars;
    if (!first) throw new Error('no car');
    const carIds = cars.map((car) => car.id).join(',');
    const qrBatch = cars.slice(0, 10);
    const qrPath = () =>
      `/trpc/${qrBatch.map(() => 'share.qrCode').join(',')}?batch=1&input=${encodeURIComponent(
        JSON.stringify(Object.fromEntries(qrBatch.map((car, i) => [i, { slug: car.slug }]))),
      )}`;
    for (let round = 1; round <= ROUNDS; round++) {
      // An edit first: the card of the edited car, and the sheet it is on, must be made anew.
      const edit = await call(server, 'PUT', `/api/cars/${first.id}`, admin, { model: `Car 0 (edit ${round})` });
      if (!edit.ok) throw new Error(`Editing failed: ${edit.status}`);
      rows.push(
        await measure(server, 'owner card (A6)', 'meet-card', round, () =>
          call(server, 'GET', `/api/cars/${first.id}/meet-card.pdf?layout=a6`, admin),
        ),
      );
      rows.push(
        await measure(server, 'admin sheet (60 cards)', 'meet-card-sheet', round, () =>
          call(server, 'GET', `/api/admin/meet-cards.pdf?carIds=${carIds}&layout=sheet`, admin),
        ),
      );
      if (round === 1) {
        rows.push(
          await measure(server, 'QR codes (batches of 10)', 'qr-code', round, () => call(server, 'GET', qrPath())),
        );
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${PARALLEL} requests at once after an edit, while another visitor asks GET /api/stats in turn\n`);
  console.log(
    '| answer | round | responses | renders | all sent in ms | /api/stats asked | median wait ms | slowest wait ms | main thread blocked ms |',
  );
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${r.round} | ${r.statuses} | ${r.renders} | ${r.ms} | ${r.probes} | ${r.medianWait} | ${r.maxWait} | ${r.loopLag} |`,
    );
  }
  const slowest = Math.max(...rows.map((r) => r.maxWait));
  const blocked = Math.max(...rows.map((r) => r.loopLag));
  console.log(`\nslowest /api/stats while renders ran: ${slowest} ms; main thread blocked at most ${blocked} ms`);
  console.log(`(target: no other request waits 250 ms; load average now ${os.loadavg()[0]?.toFixed(1)})`);
  process.exitCode = slowest < 250 ? 0 : 1;
}

await main();
