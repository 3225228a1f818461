import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum parameters (m=19 MiB, t=2, p=1): about 125 ms a hash on these machines.
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed hash never verifies
  }
}

/** Verifying against this when an account does not exist keeps sign-in time the same, so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-just-for-equal-timing');
  return dummyHash;
}
