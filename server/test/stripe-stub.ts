import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';
import { startTestApp, type TestApp } from './app';

// A local stand-in of the parts of Stripe's HTTP API that checkout uses (there is no stripe-mock here), so tests
// run the real `stripe` SDK: `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`. Requests arrive
// form-encoded as POST /v1/...; responses are JSON shaped like Stripe's.

export interface StubPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  livemode: false;
  created: number;
}

export interface StripeStub {
  port: number;
  intents: Map<string, StubPaymentIntent>;
  /** Refunds made (a request repeated with its idempotency key is not counted twice, as Stripe does not refund twice). */
  refunds: { payment_intent: string }[];
  /** How many create calls arrived (including retries served from the idempotency cache). */
  createCalls: number;
  /** What the browser's confirmPayment would do: the intent succeeds (optionally for another amount). */
  succeed(id: string, overrides?: Partial<StubPaymentIntent>): StubPaymentIntent;
  close(): Promise<void>;
}

export const STUB_SECRET_KEY = 'sk_test_curbside_stub';
export const STUB_PUBLISHABLE_KEY = 'pk_test_curbside_stub';
export const STUB_WEBHOOK_SECRET = 'whsec_curbside_stub';

/** Parses Stripe's form encoding (`metadata[userId]=1`, `automatic_payment_methods[enabled]=true`). */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]/).filter(Boolean);
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubPaymentIntent>();
  const idempotent = new Map<string, string>();
  const refunds: { payment_intent: string }[] = [];
  const refundsByKey = new Map<string, unknown>();
  const stub = { createCalls: 0 };

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      res.end(JSON.stringify(body));
    };
    const missing = (id: string) =>
      send(404, {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such payment_intent: '${id}'`,
          param: 'intent',
        },
      });
    if (req.headers.authorization !== `Bearer ${STUB_SECRET_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const url = new URL(req.url ?? '/', 'http://stub');
    const body = parseForm(await readBody(req));

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      stub.createCalls++;
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) return send(200, intents.get(idempotent.get(key) as string));
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: StubPaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (body.metadata as Record<string, string>) ?? {},
        receipt_email: (body.receipt_email as string) ?? null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (typeof key === 'string') idempotent.set(key, id);
      return send(200, intent);
    }
    const retrieve = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === 'GET' && retrieve) {
      const id = decodeURIComponent(retrieve[1] as string);
      const intent = intents.get(id);
      return intent ? send(200, intent) : missing(id);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const id = String(body.payment_intent);
      const intent = intents.get(id);
      if (!intent) return missing(id);
      // Like Stripe, a retried request with the same idempotency key gets the first response and refunds nothing more.
      const key = req.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? refundsByKey.get(key) : undefined;
      if (earlier) return send(200, earlier);
      refunds.push({ payment_intent: id });
      const refund = {
        id: `re_${randomBytes(8).toString('hex')}`,
        object: 'refund',
        payment_intent: id,
        amount: intent.amount,
        status: 'succeeded',
      };
      if (typeof key === 'string') refundsByKey.set(key, refund);
      return send(200, refund);
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    intents,
    refunds,
    get createCalls() {
      return stub.createCalls;
    },
    succeed(id, overrides = {}) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      Object.assign(intent, { status: 'succeeded' }, overrides);
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe SDK client pointed at the stub (what a test uses to sign webhook payloads). */
export function stubStripeClient(stub: StripeStub): Stripe {
  return new Stripe(STUB_SECRET_KEY, {
    host: '127.0.0.1',
    port: stub.port,
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
}

/** A signed webhook delivery of `payment_intent.succeeded` (or another type) for an intent. */
export function signedEvent(stripe: Stripe, intent: StubPaymentIntent, type = 'payment_intent.succeeded') {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(10).toString('hex')}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: intent },
  });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: STUB_WEBHOOK_SECRET });
  return { payload, header };
}

/** The real app with the Stripe keys set and the SDK pointed at the stub (like startTestApp otherwise). */
export function startStripeTestApp(stub: StripeStub): Promise<TestApp> {
  return startTestApp(
    {
      STRIPE_SECRET_KEY: STUB_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STUB_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
    },
    { stripeApi: { host: '127.0.0.1', port: stub.port, protocol: 'http' } },
  );
}

/** The stub and the app on it, started together (a test file's beforeAll); close() stops both. */
export async function startStripeShop(): Promise<{ stub: StripeStub; t: TestApp; close(): Promise<void> }> {
  const stub = await startStripeStub();
  const t = await startStripeTestApp(stub).catch(async (error) => {
    await stub.close();
    throw error;
  });
  return {
    stub,
    t,
    async close() {
      await t.close();
      await stub.close();
    },
  };
}
