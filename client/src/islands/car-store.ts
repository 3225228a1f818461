// What a car page's islands share (car-photos.ts) with the React parts it mounts on demand (car-parts.tsx): the photo
// shown large, the photos ticked for a print, and the lightbox. Plain state with subscribers, no React: the parts'
// chunk reads it with useSyncExternalStore, and gets it as an argument (it imports only the type), so the two scripts
// share no module.

export interface CarState {
  /** The photo shown large (the main photo, and the lightbox's). */
  shownId: number | null;
  /** The photos ticked for a print, in the order they were ticked. */
  selected: number[];
  /** The lightbox is wanted (the visitor headed for the photo): its code is loaded and it is mounted, closed. */
  viewerWanted: boolean;
  /** The lightbox is open. */
  viewerOpen: boolean;
}

export interface CarStore {
  get(): CarState;
  set(change: Partial<CarState>): void;
  subscribe(listener: () => void): () => void;
}

export function createCarStore(initial: CarState): CarStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What car-photos.ts hands the parts' chunk (car-parts.tsx) when it mounts them. */
export interface CarPartsMount {
  store: CarStore;
  carId: number;
  alt: string;
  photos: import('./props').CarIslandPhoto[];
  /** The server's print card, replaced by the app's once mounted; null when the car has no print card. */
  printCard: HTMLElement | null;
  /**
   * What the visitor has typed into the server's print card's quantity box (before the page's script ran, or before
   * the app's card arrived), undefined when it shows what the server drew: read as the app's card first renders.
   */
  typedQuantity: () => string | undefined;
  /** Called once React has rendered the print card into `host`, before the browser paints: puts it in place. */
  onMounted: (host: HTMLElement | null) => void;
}
