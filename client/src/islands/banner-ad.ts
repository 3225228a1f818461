// The banner advertisement of an islands page (main.ts): what the app's BannerAd does, in the slot the server held
// open at the ad's size. The ads live today (GET, the same read the app makes, from the server's read cache), one of
// the banners at random for each visit; none, and the slot goes.

interface Ad {
  type: string;
  name: string;
  imageUrl: string;
  linkUrl: string;
}

/** Only a web address: an ad's link is the advertiser's text. */
const webAddress = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text, window.location.href).protocol);
  } catch {
    return false;
  }
};

/** Wakes the slot `root`: fills it with an ad, or removes it when there is none. */
export function wakeBannerAd(root: HTMLElement): void {
  const placeholder = root.firstElementChild;
  fetch('/trpc/ads.active', { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { result?: { data?: Ad[] } } | null) => {
      const banners = (body?.result?.data ?? []).filter((ad) => ad.type === 'banner' && webAddress(ad.linkUrl));
      const ad = banners[Math.floor(Math.random() * banners.length)];
      if (!ad || !placeholder) {
        root.remove();
        return;
      }
      const link = document.createElement('a');
      link.href = ad.linkUrl;
      link.target = '_blank';
      link.rel = 'noopener noreferrer sponsored';
      link.className = placeholder.className;
      link.dataset.testid = 'banner-ad';
      const image = new Image(728, 90);
      image.src = ad.imageUrl;
      image.alt = ad.name;
      image.loading = 'lazy';
      image.decoding = 'async';
      link.append(image);
      placeholder.replaceWith(link);
      root.removeAttribute('aria-hidden');
    })
    .catch(() => root.remove());
}
