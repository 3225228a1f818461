import { Button, Container, Divider, Stack } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { useLogout } from '../hooks/useLogout';
import type { NavItem } from '../lib/nav';
import classes from './Header.module.css';

export interface MobileMenuProps {
  id: string;
  /** The burger that toggles the menu: a click on it is not a click outside. */
  burger: HTMLButtonElement | null;
  onClose: () => void;
  links: NavItem[];
  navLink: (item: NavItem) => ReactNode;
  signedIn: boolean;
  cartCount: number;
}

/**
 * The burger's menu on narrow screens, with what closes it. Its own chunk, fetched as the burger is touched or
 * pointed at: a visitor who never opens it does not download it with the page.
 */
export default function MobileMenu(props: MobileMenuProps) {
  const { id, burger, onClose } = props;
  // Here, not in the header: signing out (a mutation, with its observer) is not part of the first download.
  const { logout } = useLogout();
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const [backdrop, setBackdrop] = useState<HTMLDivElement | null>(null);
  // A click anywhere outside the open menu (the burger excepted: it toggles) closes it. The backdrop over the page
  // closes it on its own click, so the tap ends on the backdrop, not on a link under it.
  useClickOutside(onClose, null, [burger, panel, backdrop]);
  // Escape closes it and puts focus back on the burger (focus in the menu would otherwise fall to the page's start).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      burger?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, burger]);

  return (
    <div ref={setPanel} id={id} className={classes.mobileMenu}>
      {/* Outside the header: its backdrop-filter would make the header, not the screen, the box it covers. */}
      {createPortal(
        <div ref={setBackdrop} className={classes.menuBackdrop} aria-hidden="true" onClick={onClose} />,
        document.body,
      )}
      <MobileMenuContent {...props} onLogout={logout} />
    </div>
  );
}

/** The menu's links and buttons. */
function MobileMenuContent({
  links,
  navLink,
  signedIn,
  cartCount,
  onLogout,
}: Pick<MobileMenuProps, 'links' | 'navLink' | 'signedIn' | 'cartCount'> & { onLogout: () => void }) {
  return (
    <Container size="lg">
      <Stack component="nav" aria-label="Mobile" gap={2}>
        {links.map(navLink)}
        <Divider my="xs" />
        {signedIn ? (
          <>
            <Link href="/cart" className={classes.link}>
              Cart{cartCount > 0 ? ` (${cartCount})` : ''}
            </Link>
            <Link href="/user/profile" className={classes.link}>
              My Profile
            </Link>
            <Link href="/user/orders" className={classes.link}>
              My Orders
            </Link>
            <Button component={Link} href="/upload" mt="xs">
              Submit Your Car
            </Button>
            <Button variant="subtle" color="red" onClick={onLogout}>
              Logout
            </Button>
          </>
        ) : (
          <Button component={Link} href="/auth" variant="outline" mt="xs">
            Login/Register
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/**
 * The menu as the server renders it into an islands page (islands/main.ts): inert markup in a <template>, the panel
 * then the backdrop, which the islands' script puts in place when the burger is pressed.
 */
export function MobileMenuTemplate(props: Pick<MobileMenuProps, 'id' | 'links' | 'navLink'>) {
  return (
    <template data-island-template="mobile-menu">
      <div id={props.id} className={classes.mobileMenu}>
        <MobileMenuContent {...props} signedIn={false} cartCount={0} onLogout={() => undefined} />
      </div>
      <div className={classes.menuBackdrop} aria-hidden="true" />
    </template>
  );
}
