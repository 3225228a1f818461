import { type RefObject, useEffect } from 'react';

/**
 * Marks a sideways-scrolling row with what lies out of sight: `data-more-start` when content is scrolled past its
 * start edge, `data-more-end` when more follows past its end edge. Its styles draw an edge fade from them, the hint
 * that the row scrolls. Kept up to date on scroll and when the row or its content changes size.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      // Sub-pixel widths: a pixel of slack, so a row scrolled to its end shows no fade there.
      const start = row.scrollLeft > 1;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      row.toggleAttribute('data-more-start', start);
      row.toggleAttribute('data-more-end', end);
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(row);
    for (const child of row.children) observer?.observe(child);
    return () => {
      row.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
}
