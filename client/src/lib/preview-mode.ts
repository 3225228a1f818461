import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useSearch } from 'wouter';

// Admin preview (spec part 1 §2 site modes): ?preview=true shows the site during maintenance or coming-soon mode, with
// the banner. The mode is kept for the tab's session, so it survives navigation (links do not carry the parameter),
// until the visitor leaves it with the banner's button (or an address with ?preview=false).
const KEY = 'curbside:preview';
const listeners = new Set<() => void>();

function stored(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'true';
  } catch {
    return false; // storage refused: the mode lasts while the parameter is in the address
  }
}

function store(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(KEY, 'true');
    else sessionStorage.removeItem(KEY);
  } catch {
    // as above
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether preview mode is on at the current address; `leave` turns it off (and takes the parameter out). */
export function usePreviewMode(): { preview: boolean; leave: () => void } {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const kept = useSyncExternalStore(subscribe, stored, () => false);
  const params = new URLSearchParams(search);
  const param = params.get('preview');
  useEffect(() => {
    if (param === 'true' || param === 'false') store(param === 'true');
  }, [param]);
  const leave = () => {
    store(false);
    if (param === null) return;
    params.delete('preview');
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
  };
  return { preview: param === 'true' || (param !== 'false' && kept), leave };
}
