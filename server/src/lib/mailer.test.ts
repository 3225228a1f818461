import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, describe, expect, it } from 'vitest';
import type { Log } from './log';
import { OutboxMailer } from './mailer';

describe('the outbox mailer (no SMTP configured)', () => {
  it('writes the whole mail to a file and logs where, never the link or its token', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curbside-outbox-'));
    const lines: unknown[] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as Log;
    const link = 'https://curbside.example/reset-password?token=secret-reset-token-123';
    await new OutboxMailer(dir, 'Curbside <no-reply@curbside.example>', log).send({
      to: 'driver@example.com',
      subject: 'Reset your password',
      text: `Open ${link} within an hour.`,
      link,
    });
    const [file] = readdirSync(dir);
    assert(file);
    expect(readFileSync(path.join(dir, file), 'utf8')).toContain(link);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).toContain(file);
    expect(JSON.stringify(lines)).not.toContain('secret-reset-token-123');
  });
});
