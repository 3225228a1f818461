import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/measured-server';

// The bench and the soak measure the server with SERVER_NODE_FLAGS: their memory figures hold for production only while
// `npm start` and the Docker image start it with the same flags.
const root = path.resolve(import.meta.dirname, '../../..');

describe("the server's Node flags", () => {
  it('are the same in npm start, the Docker image and the measured server', () => {
    const start = JSON.parse(readFileSync(path.join(root, 'server/package.json'), 'utf8')).scripts.start as string;
    expect(start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
    const dockerfile = readFileSync(path.join(root, 'docker/Dockerfile'), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/main.js']);
  });
});
