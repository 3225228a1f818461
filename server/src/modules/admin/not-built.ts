import { TRPCError } from '@trpc/server';

// Placeholder body for an admin procedure whose contract is declared but whose service is being built.
// Remove this file once nothing imports it.
export function notBuilt(): never {
  throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Not built yet' });
}
