// The spec's "authentication needed" browser event (part 1 §2 route guards, §7 request helper): fired on any 401
// response except the current-user query, which reads a 401 as "signed out". The app shell listens and goes to /auth.
export const AUTH_REQUIRED_EVENT = 'curbside:auth-required';

export function dispatchAuthRequired(): void {
  window.dispatchEvent(new Event(AUTH_REQUIRED_EVENT));
}

export function onAuthRequired(listener: () => void): () => void {
  window.addEventListener(AUTH_REQUIRED_EVENT, listener);
  return () => window.removeEventListener(AUTH_REQUIRED_EVENT, listener);
}
