import {
  asSchemeChoice,
  COLOR_SCHEME_CHOICE_ATTRIBUTE,
  COLOR_SCHEME_MESSAGES,
  COLOR_SCHEME_STORAGE_KEY,
  type ColorSchemeChoice,
  nextChoice,
} from '@curbside/shared';
import { ActionIcon, useMantineContext } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import classes from './Header.module.css';
import { type IconProps, Svg } from './icons';

type SystemScheme = 'light' | 'dark';

/** The visitor's choice as the head's script left it on <html> (shared/src/color-scheme.ts), kept in step below. */
function currentChoice(): ColorSchemeChoice {
  return asSchemeChoice(document.documentElement.getAttribute(COLOR_SCHEME_CHOICE_ATTRIBUTE));
}

let darkSystem: MediaQueryList | undefined;
const darkSystemQuery = () => {
  darkSystem ??= matchMedia('(prefers-color-scheme: dark)');
  return darkSystem;
};
const systemScheme = (): SystemScheme => (darkSystemQuery().matches ? 'dark' : 'light');

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
function setChoiceAttribute(choice: ColorSchemeChoice) {
  document.documentElement.setAttribute(COLOR_SCHEME_CHOICE_ATTRIBUTE, choice);
  notify();
}
/** Another tab's choice (Mantine's manager applies its scheme; the attribute follows here). */
function onStorage(event: StorageEvent) {
  if (event.key !== COLOR_SCHEME_STORAGE_KEY) return;
  setChoiceAttribute(asSchemeChoice(event.newValue));
}
function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    addEventListener('storage', onStorage);
    darkSystemQuery().addEventListener('change', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    removeEventListener('storage', onStorage);
    darkSystemQuery().removeEventListener('change', notify);
  };
}
/** The choice and the system's scheme, as one value React can compare. */
const snapshot = () => `${currentChoice()} ${systemScheme()}`;
/**
 * The server knows neither: its markup names the default choice (the icon, picked by CSS, shows the real one), and
 * the first render in the browser, which hydrates that markup, does the same.
 */
const serverSnapshot = () => 'auto dark';

/**
 * The header's theme switch: light, dark, or the same as the system's (the default, which follows the system as it
 * changes). Each click moves to the next choice (nextChoice); the choice is kept in this browser and applied by the
 * head's script before the next page is drawn. The same markup whatever the choice (the icon is picked by CSS, from
 * the attribute the head's script sets), so a page rendered on the server hydrates as it is; its name and title follow
 * once hydrated. The provider's own setter, from its context: useMantineColorScheme would bring code that tracks the
 * system's preference in React state, which the switch does not need.
 */
export default function SchemeSwitch() {
  const { setColorScheme } = useMantineContext();
  const [choice, system] = useSyncExternalStore(subscribe, snapshot, serverSnapshot).split(' ') as [
    ColorSchemeChoice,
    SystemScheme,
  ];
  const next = nextChoice(choice, system);
  const advance = () => {
    const chosen = nextChoice(currentChoice(), systemScheme());
    // Mantine keeps 'auto' as a choice too, and follows the system's changes while it is the one.
    setColorScheme(chosen);
    setChoiceAttribute(chosen);
  };
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={advance}
      // Its action on an islands page (client/src/islands/header.ts).
      data-island-action="scheme"
      aria-label={COLOR_SCHEME_MESSAGES.switchLabel(choice)}
      title={COLOR_SCHEME_MESSAGES.switchTitle(choice, next)}
    >
      <SunIcon className={classes.sun} />
      <MoonIcon className={classes.moon} />
      {/* Shown by Header.module.css as the icon after the moon. */}
      <SystemIcon />
    </ActionIcon>
  );
}

function SunIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </Svg>
  );
}

function MoonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />
    </Svg>
  );
}

/** A screen whose left half is lit: "as the system says". */
function SystemIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M8 21h8M12 17v4" />
      <path d="M12 4v13H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" fill="currentColor" />
    </Svg>
  );
}
