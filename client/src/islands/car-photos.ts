import { imageSrcSet, PRINT_CART_MESSAGES } from '@curbside/shared';
import { photosFromSearch } from '../pages/car-detail/print-selection';
import { type CarState, createCarStore } from './car-store';
import { type CarIslandProps, readIslandProps } from './props';

// A car page's photos on an islands page (main.ts): what the app's CarDetailPage does with them, on the server's
// markup. Plain DOM: a thumbnail shows its photo large (and its badge: the site's or the owner's); the tiles'
// "Select for print" boxes, the print card's "Select all photos" and its "N images selected". The heavy parts are the
// app's own components, in a chunk of their own (car-parts.tsx: React, Mantine, the query cache), loaded only when the
// visitor heads for them (the pointer over them, focus, or a press): the lightbox from the main photo, the print
// picker from the print card or a tile's box. The server's print card is then replaced by the app's, which starts
// from the same choice: the photos ticked, and the quantity typed into the server's box. The presses on its controls
// made before that (before this script ran too: EARLY_CLICKS_SCRIPT holds them, main.ts replays them here) are carried
// out on the app's once it is there, in the order they came.

/** The controls of the print card, in document order, in the server's markup as in the app's. */
const CONTROLS = 'button, input:not([type="hidden"]), select, textarea, a[href]';

const controlIndex = (within: Element, element: Element | null) =>
  element ? Array.from(within.querySelectorAll(CONTROLS)).indexOf(element.closest(CONTROLS) ?? element) : -1;

/** Wakes the car `root` (the page's two columns). */
export function wakeCarPhotos(root: HTMLElement): void {
  const { carId, alt = '', photos = [] } = readIslandProps<CarIslandProps>(root);
  if (carId === undefined || photos.length === 0) return;
  const mainButton = root.querySelector<HTMLElement>('[data-island-action="enlarge"]');
  const mainImage = mainButton?.querySelector('img');
  const badges = Array.from(root.querySelectorAll<HTMLElement>('[data-island-part="photo-badge"]'));
  const showButtons = Array.from(root.querySelectorAll<HTMLElement>('[data-island-action="show"]'));
  const boxes = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-photo-id]'));
  const printCard = root.querySelector<HTMLElement>('[data-island-part="print-card"]');
  // The server's print card until the app's replaces it.
  let staticCard: HTMLElement | null = printCard;
  const selectAll = () => staticCard?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null;
  const summary = () => staticCard?.querySelector<HTMLElement>('[data-testid="print-selected-count"]') ?? null;
  const typedQuantity = () => {
    const box = staticCard?.querySelector<HTMLInputElement>('input[data-island-part="quantity"]');
    return box && box.value !== box.defaultValue ? box.value : undefined;
  };
  const idOf = (element: HTMLElement) => Number(element.dataset.photoId);

  const store = createCarStore({
    shownId: Number(mainButton?.dataset.photoId) || photos[0]?.image.id || null,
    // Boxes ticked before this script ran count, and a print choice in the address (back from sign-in, or a shared
    // link): the server renders the page without it, as the same page serves every visitor (entry-server.tsx).
    selected: [
      ...new Set([
        ...boxes.filter((box) => box.checked).map(idOf),
        ...photosFromSearch(window.location.search).filter((id) => photos.some(({ image }) => image.id === id)),
      ]),
    ],
    viewerWanted: false,
    viewerOpen: false,
  });
  let shown = store.get().shownId;
  const render = (state: CarState) => {
    if (state.shownId !== shown) {
      shown = state.shownId;
      const photo = photos.find(({ image }) => image.id === state.shownId);
      if (photo && mainImage) {
        mainImage.removeAttribute('data-broken');
        mainImage.srcset = imageSrcSet(photo.image) ?? '';
        mainImage.src = photo.image.variants?.w800 ?? photo.image.url;
      }
      for (const badge of badges) {
        badge.style.display = (badge.dataset.kind === 'official') === photo?.image.isAdminUploaded ? '' : 'none';
      }
      for (const button of showButtons) {
        button.parentElement?.setAttribute('data-shown', String(idOf(button) === state.shownId));
      }
    }
    for (const box of boxes) box.checked = state.selected.includes(idOf(box));
    const all = selectAll();
    if (all) {
      const allSelected = photos.every(({ image }) => state.selected.includes(image.id));
      all.checked = allSelected;
      all.indeterminate = state.selected.length > 0 && !allSelected;
      all.toggleAttribute('data-indeterminate', all.indeterminate);
    }
    const count = summary();
    if (count) count.textContent = PRINT_CART_MESSAGES.selectedCount(state.selected.length);
  };
  store.subscribe(() => render(store.get()));
  render(store.get());

  // The React parts: loaded once, when the visitor heads for one; a press on the print card meanwhile is kept.
  let mounting: Promise<void> | undefined;
  /** The print card's controls pressed meanwhile, by their place on the card. */
  let pressed: number[] = [];
  const mount = () => {
    mounting ??= import('./car-parts')
      .then(({ mountCarParts }) =>
        mountCarParts({
          store,
          carId,
          alt,
          photos,
          printCard,
          typedQuantity,
          onMounted: (host) => {
            if (!host || !staticCard || !printCard) return;
            const focused = controlIndex(staticCard, document.activeElement);
            printCard.replaceChildren(host);
            staticCard = null;
            host.querySelectorAll<HTMLElement>(CONTROLS)[focused]?.focus();
            const presses = pressed;
            pressed = [];
            // After React has attached its handlers to the new markup, each once the last one's change is drawn (a
            // press reads the card as it is then: Add to Cart after +, the quantity one more).
            const replay = () => {
              const next = presses.shift();
              if (next === undefined) return;
              host.querySelectorAll<HTMLElement>(CONTROLS)[next]?.click();
              setTimeout(replay, 0);
            };
            setTimeout(replay, 0);
          },
        }),
      )
      .catch((error: unknown) => {
        mounting = undefined;
        console.error(error);
      });
    return mounting;
  };
  const headsFor = (element: Element | null, also?: () => void) => {
    if (!element) return;
    const go = () => {
      also?.();
      void mount();
    };
    for (const type of ['pointerenter', 'pointerdown', 'focusin'])
      element.addEventListener(type, go, { once: true, passive: true });
  };

  headsFor(mainButton, () => store.set({ viewerWanted: true }));
  mainButton?.addEventListener('click', () => {
    store.set({ viewerWanted: true, viewerOpen: true });
    void mount();
  });
  for (const button of showButtons) button.addEventListener('click', () => store.set({ shownId: idOf(button) }));
  for (const box of boxes) {
    headsFor(box);
    box.addEventListener('change', () => {
      const id = idOf(box);
      const others = store.get().selected.filter((other) => other !== id);
      store.set({ selected: box.checked ? [...others, id] : others });
    });
  }
  if (!printCard) return;
  headsFor(printCard);
  const all = selectAll();
  const toggleAll = () => {
    const everything = photos.map(({ image }) => image.id);
    const allSelected = everything.every((id) => store.get().selected.includes(id));
    store.set({ selected: allSelected ? [] : everything });
  };
  all?.addEventListener('change', toggleAll);
  // Select all ticked before this script ran.
  if (all && all.checked !== all.defaultChecked) {
    all.checked = all.defaultChecked;
    toggleAll();
  }
  // A quantity typed before this script ran, or the visitor in the card already: the app's card is wanted.
  if (typedQuantity() !== undefined || printCard.contains(document.activeElement)) void mount();
  // A press on the server's card (other than Select all, which works here): carried out on the app's once mounted.
  printCard.addEventListener(
    'click',
    (event) => {
      if (!staticCard) return;
      const control = (event.target as Element | null)?.closest(CONTROLS);
      if (!control || control === selectAll()) return;
      event.preventDefault();
      event.stopPropagation();
      pressed.push(controlIndex(staticCard, control));
      void mount();
    },
    true,
  );
}
