import { Worker } from 'node:worker_threads';
import type { MeetCardLayout } from '@curbside/shared';
import type { MeetCardBatch } from './meet-cards.service';
import type { PdfJob, PdfResult } from './pdf-worker';

// Meet-card PDFs are drawn off the main thread, on one worker thread (pdf-worker.ts) started on the first download
// and kept: the renders' own limit (lib/single-flight.ts, one at a time per process) already keeps it to one PDF at a
// time. From the production bundle the worker is dist/pdf-worker.js (scripts/build.mjs); from the sources (tests,
// `npm run dev`) it is pdf-worker.ts, loaded through tsx.

const fromSources = import.meta.url.endsWith('.ts');

function startWorker(): Worker {
  if (!fromSources) return new Worker(new URL('./pdf-worker.js', import.meta.url));
  const file = new URL('./pdf-worker.ts', import.meta.url).href;
  const source = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(source, { eval: true });
}

export class PdfThread {
  private worker: Worker | null = null;
  private readonly jobs = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();
  private lastId = 0;

  constructor(private readonly site: { siteName: string; publicUrl: string }) {}

  /** The PDF of `batch` in `layout`, drawn on the worker thread. */
  render(batch: MeetCardBatch, layout: MeetCardLayout): Promise<Buffer> {
    const worker = this.start();
    const id = ++this.lastId;
    return new Promise<Buffer>((resolve, reject) => {
      this.jobs.set(id, { resolve, reject });
      const job: PdfJob = { id, batch, layout, site: this.site };
      worker.postMessage(job);
    });
  }

  /** Stops the worker (the app closing); PDFs being drawn fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref(); // an idle worker keeps no process alive
    worker.on('message', (result: PdfResult) => {
      const job = this.jobs.get(result.id);
      this.jobs.delete(result.id);
      if (!job) return;
      if ('error' in result) job.reject(new Error(`The meet-card PDF could not be drawn: ${result.error}`));
      else job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const job of this.jobs.values()) job.reject(error);
      this.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The meet-card PDF thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
