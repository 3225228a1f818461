/**
 * A tiny HTTP client that keeps its session cookie, like one browser. Given more servers (`alsoAt`), it sends each
 * request to the next one in turn, like a browser behind a round-robin load balancer.
 */
export class HttpClient {
  cookie: string | null = null;
  private turn = 0;
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
    private readonly alsoAt: string[] = [],
  ) {}

  /** The server the next request goes to. */
  private nextServer(): string {
    const servers = [this.baseUrl, ...this.alsoAt];
    return servers[this.turn++ % servers.length] ?? this.baseUrl; // the remainder is always an index
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; headers: Headers; text: string }> {
    const init: RequestInit = { method, headers: { ...this.defaultHeaders, ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (body !== undefined) {
      if (typeof body === 'string') init.body = body;
      else {
        h['content-type'] ??= 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    const res = await fetch(this.nextServer() + path, init);
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (pair?.startsWith('curbside_session=')) {
        this.cookie = /curbside_session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) ? null : pair;
      }
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);

  /** A tRPC query or mutation the way the browser client sends it (no batching). */
  async trpc(kind: 'query' | 'mutation', procedure: string, input?: unknown) {
    if (kind === 'query') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return this.get(`/trpc/${procedure}${q}`);
    }
    return this.post(`/trpc/${procedure}`, input ?? {});
  }
}
