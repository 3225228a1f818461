// Types of mariadb-replica-pair.mjs for the TypeScript that starts it (server/test/replicas/global-setup.ts).
export interface ReplicaPair {
  /** root on the primary, no database in the path. */
  primaryUrl: string;
  /** root on the replica (to stop and start its replication). */
  replicaRootUrl: string;
  /** The read-only `reader` on the replica, as the app connects to it. */
  replicaUrl: string;
  /** Stops both servers and removes their data. */
  stop(): Promise<void>;
}
export const MARIADBD: string;
export const READER: { user: string; password: string };
export function replicaPairUnavailable(): string | null;
export function startReplicaPair(): Promise<ReplicaPair>;
