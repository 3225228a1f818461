import { type Car, carVoteCount, carVotePeriod, imageSrcSet, primaryImage } from '@curbside/shared';
import { type GalleryMoreIslandProps, readIslandProps } from './props';
import { showToast } from './toast';

// The gallery's Load More past the pages an address shows (GALLERY_MAX_PAGES), on an islands page (main.ts): what the
// app's Load More does there, on the server's markup. Each click fetches the next page by the cursor of the one before
// (cars.page, GET, as the app's tRPC client asks for it) and draws its cards from the server's <template> of one card
// (the app's CarCard), so the list goes on as far as the cars do. Before that, Load More is the address of one page
// more (islands/navigate.ts).

type CardCar = Pick<
  Car,
  'slug' | 'year' | 'make' | 'model' | 'ownerName' | 'category' | 'lastMonthVotes' | 'totalVotes' | 'images'
>;

/** Wakes the Load More `root` (its button and its card template, the list of cards just before it). */
export function wakeGalleryMore(root: HTMLElement): void {
  const props = readIslandProps<GalleryMoreIslandProps>(root);
  const button = root.querySelector<HTMLButtonElement>('button[data-island-action="gallery-more"]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-island-template="car-card"]');
  const list = root.previousElementSibling;
  const { next: first, texts, failed } = props;
  if (!button || !template || !list || !first || !texts || !failed) return;
  const fill = (car: CardCar) => fillCard(template, car, props as GalleryMoreIslandProps);
  let next = first;
  let busy = false;
  const setBusy = (on: boolean) => {
    busy = on;
    button.disabled = on;
    button.toggleAttribute('data-loading', on);
    button.setAttribute('aria-busy', String(on));
  };
  button.addEventListener('click', async () => {
    if (busy) return;
    setBusy(true);
    let page: { items: CardCar[]; nextCursor: string | null } | undefined;
    try {
      const response = await fetch(`/trpc/cars.page?input=${encodeURIComponent(JSON.stringify(next))}`, {
        credentials: 'same-origin',
      });
      const body = response.ok ? ((await response.json()) as { result?: { data?: typeof page } }) : null;
      page = body?.result?.data;
    } catch {
      // no answer (offline): said below
    }
    setBusy(false);
    if (!page) {
      // Load More stays, to try again.
      showToast(failed, { failure: true });
      return;
    }
    const cards = page.items.map(fill);
    list.append(...cards);
    if (page.nextCursor) {
      next = { ...next, cursor: page.nextCursor };
      return;
    }
    // The last page: Load More goes, as in the app; a keyboard visitor goes on from the first new card.
    const focused = button === document.activeElement;
    root.remove();
    if (focused) cards[0]?.focus();
  });
}

/**
 * A card for `car`: the template's card (drawn by the app's CarCard for a car with votes this month, so it has every
 * part a card can have) with this car's address, photo, name, owner, votes and category, as CarCard draws them.
 */
export function fillCard(template: HTMLTemplateElement, car: CardCar, props: GalleryMoreIslandProps): HTMLElement {
  const card = template.content.firstElementChild?.cloneNode(true);
  if (!(card instanceof HTMLElement)) throw new Error('The gallery has no card template');
  const { texts } = props;
  card.setAttribute('href', `/cars/${car.slug}`);

  const img = card.querySelector('img');
  if (img) {
    const image = primaryImage(car.images);
    const broken = () => {
      img.src = props.placeholder;
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
      img.setAttribute('data-broken', 'true');
    };
    img.alt = `${car.make} ${car.model}`;
    if (image) {
      img.src = image.variants?.w800 ?? image.url;
      const srcset = imageSrcSet(image);
      if (srcset) img.setAttribute('srcset', srcset);
      else img.removeAttribute('srcset');
      img.setAttribute('sizes', props.imageSizes);
      img.removeAttribute('data-broken');
      img.addEventListener('error', broken, { once: true });
    } else {
      broken();
    }
  }

  // The vote chip: ♥, the count (or "No votes yet") with its unit for screen readers, then which count it is.
  const heart = card.querySelector('span[aria-hidden="true"]');
  const countLine = heart?.parentElement;
  const chip = countLine?.parentElement;
  if (heart && countLine && chip) {
    const unit = countLine.lastElementChild;
    const period = chip.lastElementChild;
    while (heart.nextSibling) heart.nextSibling.remove();
    const count = carVoteCount(car);
    if (count && unit && unit !== heart && period && period !== countLine) {
      unit.textContent = ` ${texts.voteUnit[count === 1 ? 'one' : 'other']}`;
      period.textContent = ` ${texts.votePeriod[carVotePeriod(car)]}`;
      countLine.append(String(count), unit);
    } else {
      countLine.append(texts.noVotes);
      if (period !== countLine) period?.remove();
    }
  }

  const title = card.querySelector('h2, h3');
  if (title) {
    title.textContent = `${car.year} ${car.make} ${car.model}`;
    const owner = title.nextElementSibling;
    if (owner) owner.textContent = car.ownerName || texts.unknownOwner;
  }
  const category = card.querySelector('.mantine-Badge-label');
  if (category) category.textContent = car.category || texts.otherCategory;
  return card;
}
