import { userSchema } from '@curbside/shared';
import sharp from 'sharp';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, unique } from '../../../test/app';
import { HttpClient } from '../../../test/http';
import { jpegBytes, multipartPost } from '../images/upload-test-helpers';

// My Profile over /api: name, bio, picture and password (part 1 §5, §7).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signedUp() {
  const client = new HttpClient(t.baseUrl);
  const name = unique('pro');
  const user = { email: `${name}@example.com`, username: name, password: 'hunter22' };
  expect((await client.post('/api/register', user)).status).toBe(201);
  return { client, user };
}

describe('PUT /api/profile', () => {
  it('changes the name or the bio, trims, and a blank bio clears it', async () => {
    const { client } = await signedUp();
    const named = await client.put('/api/profile', { name: '  Kei Tsuchiya ' });
    expect(named.status).toBe(200);
    expect(userSchema.parse(named.body).name).toBe('Kei Tsuchiya');
    const bio = await client.put('/api/profile', { bio: 'Drift king.' });
    expect(bio.body).toMatchObject({ name: 'Kei Tsuchiya', bio: 'Drift king.' });
    expect((await client.get('/api/user')).body.bio).toBe('Drift king.');
    expect((await client.put('/api/profile', { bio: '   ' })).body.bio).toBeNull();
  });

  it('refuses a blank name and an empty update with a message, and a signed-out visitor with 401', async () => {
    const { client } = await signedUp();
    const blank = await client.put('/api/profile', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('name: Please enter a display name');
    expect((await client.put('/api/profile', {})).status).toBe(400);
    expect((await new HttpClient(t.baseUrl).put('/api/profile', { bio: 'x' })).status).toBe(401);
  });
});

describe('PUT /api/profile/password', () => {
  it('changes the password, keeps this browser signed in and signs out the others', async () => {
    const { client, user } = await signedUp();
    const otherBrowser = new HttpClient(t.baseUrl);
    expect((await otherBrowser.post('/api/login', { email: user.email, password: user.password })).status).toBe(200);

    const res = await client.put('/api/profile/password', {
      currentPassword: user.password,
      newPassword: 'new-secret-9',
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await otherBrowser.get('/api/user')).status).toBe(401);

    const fresh = new HttpClient(t.baseUrl);
    expect((await fresh.post('/api/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await fresh.post('/api/login', { email: user.email, password: 'new-secret-9' })).status).toBe(200);
  });

  it('voids the reset links mailed before the change', async () => {
    const { client, user } = await signedUp();
    expect((await client.post('/api/password-reset/request', { email: user.email })).status).toBe(200);
    const token = t.mailer.lastTokenTo(user.email);
    const changed = await client.put('/api/profile/password', {
      currentPassword: user.password,
      newPassword: 'changed-pw-77',
    });
    expect(changed.status).toBe(200);
    // A link from before (say, in a mailbox someone else reads) no longer resets the password.
    const stale = await new HttpClient(t.baseUrl).post('/api/password-reset/confirm', {
      token,
      password: 'thief-chose-1',
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await client.get('/api/user')).status).toBe(200);
    const fresh = new HttpClient(t.baseUrl);
    expect((await fresh.post('/api/login', { email: user.email, password: 'changed-pw-77' })).status).toBe(200);
  });

  it('refuses a wrong current password and a short new one, changing nothing', async () => {
    const { client, user } = await signedUp();
    const wrong = await client.put('/api/profile/password', {
      currentPassword: 'nope-nope',
      newPassword: 'new-secret-9',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/current password is incorrect/i);
    const short = await client.put('/api/profile/password', { currentPassword: user.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('newPassword: Your new password must be at least 8 characters long');
    expect((await new HttpClient(t.baseUrl).post('/api/login', user)).status).toBe(200);
  });
});

describe('POST /api/profile/picture', () => {
  it('stores a 400×400 WebP avatar and removes the previous one', async () => {
    const { client } = await signedUp();
    const first = await multipartPost(
      client,
      '/api/profile/picture',
      {},
      {
        field: 'profilePicture',
        bytes: await jpegBytes(900, 600),
      },
    );
    expect(first.status).toBe(200);
    const url = userSchema.parse(first.body).profilePicture;
    assert(url);
    expect(url).toMatch(/^\/api\/file\/avatars\/\d+\/[0-9a-f-]{36}\.webp$/);
    const file = await fetch(t.baseUrl + url);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 400,
      height: 400,
    });

    const second = await multipartPost(
      client,
      '/api/profile/picture',
      {},
      {
        field: 'profilePicture',
        bytes: await jpegBytes(),
      },
    );
    expect(second.body.profilePicture).not.toBe(url);
    expect((await fetch(t.baseUrl + url)).status).toBe(404);
    expect((await client.get('/api/user')).body.profilePicture).toBe(second.body.profilePicture);
  });

  it('refuses over 2 MB (413), a non-image (415) and a signed-out visitor (401)', async () => {
    const { client } = await signedUp();
    const big = new Blob([await jpegBytes(), new Uint8Array(3 * 1024 * 1024)]);
    const tooBig = await multipartPost(client, '/api/profile/picture', {}, { field: 'profilePicture', bytes: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('The file is too large (maximum 2MB)');
    const text = await multipartPost(
      client,
      '/api/profile/picture',
      {},
      {
        field: 'profilePicture',
        bytes: Buffer.from('%PDF-1.4 not a picture'),
        name: 'me.png',
      },
    );
    expect(text.status).toBe(415);
    const anon = await multipartPost(
      new HttpClient(t.baseUrl),
      '/api/profile/picture',
      {},
      {
        field: 'profilePicture',
        bytes: await jpegBytes(),
      },
    );
    expect(anon.status).toBe(401);
    expect((await client.get('/api/user')).body.profilePicture).toBeNull();
  });
});
