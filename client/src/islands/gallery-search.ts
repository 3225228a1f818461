// The gallery's search on an islands page (main.ts): a form that asks for the gallery at `?q=` (the server renders
// the results), sent by Enter or its button. The form works without this script too; this keeps the address the
// app's own: the text trimmed, and no `?q=` for an empty search.

/** Wakes the search form `root`. */
export function wakeGallerySearch(root: HTMLElement): void {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = String(new FormData(form).get('q') ?? '').trim();
    const { pathname } = new URL(form.action, window.location.href);
    window.location.assign(q ? `${pathname}?${new URLSearchParams({ q })}` : pathname);
  });
}
