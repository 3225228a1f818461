// A choice that is an address, on an islands page (main.ts): the leaderboard's period switch and its past months'
// menu, the gallery's category buttons and its Load More. Choosing loads the page of that choice, which the server
// renders. The control's destination is its data-href (a radio button, a button) or its value (a menu's option, an
// address on an islands page).

const addressOf = (control: HTMLInputElement | HTMLSelectElement | HTMLButtonElement) =>
  control.dataset.href ?? control.value;

const go = (control: HTMLInputElement | HTMLSelectElement | HTMLButtonElement) => {
  const address = addressOf(control);
  if (address.startsWith('/') && !address.startsWith('//')) window.location.assign(address);
};

/**
 * Wakes the choice `root` (a radio group, a group of buttons, or a menu itself). Its inputs have autocomplete="off":
 * the browser does not put back the choice a visitor made before leaving, which would show the page as another
 * choice's.
 */
export function wakeNavigate(root: HTMLElement): void {
  root.addEventListener('change', (event) => {
    const control = event.target;
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) go(control);
  });
  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-href]') : null;
    if (button instanceof HTMLButtonElement && root.contains(button)) go(button);
  });
  // Back to this page as it was left (the back-forward cache): it shows its own choice again.
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const input of root.querySelectorAll('input')) input.checked = input.defaultChecked;
    for (const option of root.querySelectorAll('option')) option.selected = option.defaultSelected;
  });
  // A choice made before this script ran (a menu's option picked; a radio button is held by EARLY_CLICKS_SCRIPT).
  for (const select of root.matches('select') ? [root] : Array.from(root.querySelectorAll('select'))) {
    if (!(select instanceof HTMLSelectElement)) continue;
    const chosen = select.selectedOptions[0];
    if (chosen && !chosen.defaultSelected) go(select);
  }
}
