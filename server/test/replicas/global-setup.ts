import type { TestProject } from 'vitest/node';
import { replicaPairUnavailable, startReplicaPair } from '../../../scripts/mariadb-replica-pair.mjs';

// The server-replica project's MariaDB pair (scripts/mariadb-replica-pair.mjs): started once for its test files,
// stopped and removed after them. Where mariadbd is not installed the tests are skipped with the reason.

declare module 'vitest' {
  export interface ProvidedContext {
    replicaPair: { primaryUrl: string; replicaRootUrl: string; replicaUrl: string } | { unavailable: string };
  }
}

export default async function setup(project: TestProject) {
  const unavailable = replicaPairUnavailable();
  if (unavailable) {
    console.warn(`server-replica: the read-replica tests are skipped: ${unavailable}`);
    project.provide('replicaPair', { unavailable });
    return;
  }
  const pair = await startReplicaPair();
  project.provide('replicaPair', {
    primaryUrl: pair.primaryUrl,
    replicaRootUrl: pair.replicaRootUrl,
    replicaUrl: pair.replicaUrl,
  });
  return () => pair.stop();
}
