import { ActionIcon, useMantineContext } from '@mantine/core';
import classes from './Header.module.css';
import { type IconProps, Svg } from './icons';

/**
 * The header's switch to the light or dark scheme, whichever is not showing; the choice is kept in this browser (else
 * the system's preference rules). The same markup in both schemes (the icon is picked by CSS), so a page rendered on
 * the server hydrates as it is. The provider's own setter, from its context: useMantineColorScheme would bring code
 * that tracks the system's preference in React state, which the switch does not need.
 */
export default function SchemeSwitch() {
  const { setColorScheme } = useMantineContext();
  const toggle = () =>
    setColorScheme(document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark' ? 'light' : 'dark');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={toggle}
      aria-label="Switch between light and dark theme"
      title="Light or dark theme"
    >
      <SunIcon className={classes.sun} />
      <MoonIcon className={classes.moon} />
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
