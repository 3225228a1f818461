import {
  asSchemeChoice,
  COLOR_SCHEME_CHOICE_ATTRIBUTE,
  COLOR_SCHEME_MESSAGES,
  COLOR_SCHEME_STORAGE_KEY,
  type ColorSchemeChoice,
  nextChoice,
} from '@curbside/shared';
import { type HeaderIslandProps, readIslandProps } from './props';

// The header of an islands page (main.ts): what the app's Header, SchemeSwitch and MobileMenu do, on the server's
// markup.

/** Wakes the header `root`: its scheme switch, its burger's menu, its bar that turns opaque on scroll. */
export function wakeHeader(root: HTMLElement): void {
  const { opaqueAfter = 20, menuLabels = ['', ''] } = readIslandProps<HeaderIslandProps>(root);
  const schemeSwitch = root.querySelector<HTMLElement>('[data-island-action="scheme"]');
  if (schemeSwitch) wakeSchemeSwitch(schemeSwitch);
  let menuOpen = false;
  const opaque = () => root.toggleAttribute('data-opaque', window.scrollY > opaqueAfter || menuOpen);
  addEventListener('scroll', opaque, { passive: true });
  opaque();
  const burger = root.querySelector<HTMLElement>('[data-island-action="menu"]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-island-template="mobile-menu"]');
  if (burger && template) {
    wakeMenu(burger, template, menuLabels, (open) => {
      menuOpen = open;
      opaque();
    });
  }
}

const html = document.documentElement;

const currentChoice = () => asSchemeChoice(html.getAttribute(COLOR_SCHEME_CHOICE_ATTRIBUTE));

/**
 * The switch: each click moves to the next choice, kept where Mantine's colour-scheme manager keeps it (the head's
 * script reads it on the next page); "same as system" follows the system as it changes, and another tab's choice is
 * followed too.
 */
function wakeSchemeSwitch(button: HTMLElement) {
  const darkSystem = matchMedia('(prefers-color-scheme: dark)');
  const system = () => (darkSystem.matches ? 'dark' : 'light');
  const apply = (choice: ColorSchemeChoice) => {
    html.setAttribute(COLOR_SCHEME_CHOICE_ATTRIBUTE, choice);
    html.setAttribute('data-mantine-color-scheme', choice === 'auto' ? system() : choice);
    button.setAttribute('aria-label', COLOR_SCHEME_MESSAGES.switchLabel(choice));
    button.title = COLOR_SCHEME_MESSAGES.switchTitle(choice, nextChoice(choice, system()));
  };
  button.addEventListener('click', () => {
    const chosen = nextChoice(currentChoice(), system());
    try {
      localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, chosen);
    } catch {
      // Storage refused (a private window): the choice holds for this page.
    }
    apply(chosen);
  });
  darkSystem.addEventListener('change', () => apply(currentChoice()));
  addEventListener('storage', (event) => {
    if (event.key !== COLOR_SCHEME_STORAGE_KEY) return;
    apply(asSchemeChoice(event.newValue));
  });
  apply(currentChoice());
}

/**
 * The burger's menu: the panel and the page's dimming backdrop from the server's template, put in place when it opens.
 * A tap outside it or on the backdrop closes it; Escape closes it and gives focus back to the burger.
 */
function wakeMenu(
  burger: HTMLElement,
  template: HTMLTemplateElement,
  [openLabel, closeLabel]: [string, string],
  onToggle: (open: boolean) => void,
) {
  let open: { panel: Element; backdrop: Element } | undefined;
  const setOpen = (value: boolean) => {
    if (value && !open) {
      const [panel, backdrop] = Array.from((template.content.cloneNode(true) as DocumentFragment).children);
      if (!panel || !backdrop) return;
      template.before(panel);
      // Outside the header: its backdrop-filter would make the header, not the screen, the box it covers.
      document.body.append(backdrop);
      backdrop.addEventListener('click', () => setOpen(false));
      open = { panel, backdrop };
    } else if (!value && open) {
      open.panel.remove();
      open.backdrop.remove();
      open = undefined;
    }
    burger.setAttribute('aria-expanded', String(Boolean(open)));
    burger.setAttribute('aria-label', open ? closeLabel : openLabel);
    const lines = burger.firstElementChild;
    if (open) lines?.setAttribute('data-opened', 'true');
    else lines?.removeAttribute('data-opened');
    onToggle(Boolean(open));
  };
  burger.addEventListener('click', () => setOpen(!open));
  const outside = (event: Event) => {
    const target = event.target as Node | null;
    if (!open || !target || burger.contains(target) || open.panel.contains(target) || open.backdrop.contains(target))
      return;
    setOpen(false);
  };
  document.addEventListener('mousedown', outside);
  document.addEventListener('touchstart', outside, { passive: true });
  addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    burger.focus();
  });
}
