import { readIslandProps, type SliderIslandProps } from './props';

// The featured cars of an islands page (main.ts): what the app's FeaturedSlider does, on the server's markup. Every
// slide's markup is in a <template> the server rendered, in the dots' order.

/** Wakes the slider `root`: its dots show their car, and the slides advance every 10 s (a dot's click restarts it). */
export function wakeSlider(root: HTMLElement): void {
  const section = root.querySelector('section');
  const dots = Array.from(root.querySelectorAll<HTMLElement>('[data-island-action="slide"]'));
  const slides = Array.from(root.querySelectorAll<HTMLTemplateElement>('template[data-island-template="slide"]'));
  if (!section || dots.length < 2 || slides.length !== dots.length) return;
  const { intervalMs = 10_000 } = readIslandProps<SliderIslandProps>(root);
  let index = Math.max(
    0,
    dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'),
  );
  let timer = 0;
  const show = (next: number) => {
    const slide = slides[next];
    if (!slide) return;
    index = next;
    section.replaceChildren(slide.content.cloneNode(true));
    for (const [i, dot] of dots.entries()) dot.setAttribute('aria-current', String(i === index));
    window.clearTimeout(timer);
    timer = window.setTimeout(() => show((index + 1) % slides.length), intervalMs);
  };
  for (const [i, dot] of dots.entries()) dot.addEventListener('click', () => show(i));
  timer = window.setTimeout(() => show((index + 1) % slides.length), intervalMs);
}
