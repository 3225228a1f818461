import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export { LocalStorage } from './local-storage';
export { S3Storage } from './s3-storage';
export * from './storage';

/** The storage chosen by config: S3-compatible when S3_BUCKET is set, otherwise files under DATA_DIR/uploads. */
export function createStorage(config: Config): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  return new LocalStorage(config.storage.dir);
}
