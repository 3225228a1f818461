import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, contentTypeOf, type PutOptions, type Storage, type StoredObject } from './storage';

export interface S3StorageOptions {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Optional key prefix inside the bucket, so several sites can share one. */
  prefix?: string;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/**
 * Any S3 API (AWS, MinIO, R2, Ceph…), so several app servers share the same photos. The AWS SDK (a few hundred
 * modules, a second or more of a start on a busy host) is loaded when the bucket is first used, not at start-up.
 */
export class S3Storage implements Storage {
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly options: S3StorageOptions) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.options.region,
        endpoint: this.options.endpoint ?? undefined,
        forcePathStyle: this.options.forcePathStyle,
        credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
      }),
    }));
    return this.connection;
  }

  private key(key: string): string {
    assertSafeKey(key);
    return `${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<void> {
    // The SDK needs a length for a streamed body; the server only stores what it produced, so buffering is bounded.
    const bytes = Buffer.isBuffer(body) ? body : await collect(body);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: options?.contentType ?? contentTypeOf(key),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.connect();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      if (!out.Body) return null;
      return {
        body: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? contentTypeOf(key),
      };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
  }

  async exists(key: string): Promise<boolean> {
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      if (isMissing(sdk, error)) return false;
      throw error;
    }
  }

  /** The bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  destroy(): void {
    void this.connection?.then(({ client }) => client.destroy());
  }
}

function isMissing(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return true;
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === 404;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
