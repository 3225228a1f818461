import { LIMITS, NAV_MESSAGES, SITE_NAME } from '@curbside/shared';
import { ActionIcon, Box, Burger, Button, Container, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useCartCount } from '../hooks/useCartCount';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useScrolledPast } from '../hooks/useScrolledPast';
import { useIslands } from '../islands/context';
import { type HeaderIslandProps, islandProps } from '../islands/props';
import { ADMIN_NAV, isActive, MAIN_NAV, type NavItem } from '../lib/nav';
import classes from './Header.module.css';
import { CarIcon, CartIcon, ChevronDownIcon } from './icons';

const MOBILE_MENU_ID = 'mobile-menu';

const UserMenu = lazy(() => import('./UserMenu'));
// Its own chunk, off the first download (which is at its budget); a page rendered on the server keeps the switch's
// markup until it arrives.
const SchemeSwitch = lazy(() => import('./SchemeSwitch'));
const loadMobileMenu = () => import('./MobileMenu');
const MobileMenu = lazy(loadMobileMenu);
const loadCartIndicator = () => import('./CartIndicator');
const CartIndicator = lazy(loadCartIndicator);
// On the server only (an islands page's menu): not in the browser's build.
const MobileMenuTemplate = import.meta.env.SSR
  ? lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenuTemplate })))
  : () => null;

export function Header({ banner }: { banner?: ReactNode }) {
  const [path] = useLocation();
  const { user, isAdmin } = useCurrentUser();
  const cartCount = useCartCount();
  const scrolled = useScrolledPast(LIMITS.navOpaqueScrollPx);
  const [menuOpen, setMenuOpen] = useState(false);
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  const islands = useIslands();

  // Navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change only
  useEffect(() => setMenuOpen(false), [path]);

  const links: NavItem[] = isAdmin ? [...MAIN_NAV, ADMIN_NAV] : MAIN_NAV;
  const navLink = (item: NavItem) => (
    <Link
      key={item.href}
      href={item.href}
      className={classes.link}
      aria-current={isActive(item, path) ? 'page' : undefined}
    >
      {item.label}
    </Link>
  );

  return (
    <Box
      component="header"
      className={classes.header}
      data-opaque={scrolled || menuOpen || undefined}
      data-island="header"
      {...(import.meta.env.SSR && islands
        ? islandProps({
            opaqueAfter: LIMITS.navOpaqueScrollPx,
            menuLabels: [NAV_MESSAGES.menuButton(false), NAV_MESSAGES.menuButton(true)],
          } satisfies HeaderIslandProps)
        : undefined)}
    >
      {banner}
      <Container size="lg" className={classes.bar}>
        <Link href="/" className={classes.brand} aria-label={`${SITE_NAME} home`}>
          <CarIcon size={26} />
          {SITE_NAME}
        </Link>

        <Group component="nav" aria-label="Main" gap={4} visibleFrom="md">
          {links.map(navLink)}
        </Group>

        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          <Suspense fallback={<Box className={classes.actionSlot} />}>
            <SchemeSwitch />
          </Suspense>
          <CartButton signedIn={Boolean(user)} count={cartCount} />
          {user ? (
            <Group gap="sm" visibleFrom="md" wrap="nowrap">
              <Button component={Link} href="/upload" size="sm">
                Submit Your Car
              </Button>
              <Suspense
                fallback={
                  <Button variant="subtle" color="gray" rightSection={<ChevronDownIcon size={16} />}>
                    {user.username}
                  </Button>
                }
              >
                <UserMenu username={user.username} />
              </Suspense>
            </Group>
          ) : (
            <Button component={Link} href="/auth" variant="outline" size="sm" visibleFrom="md">
              Login/Register
            </Button>
          )}
          <Burger
            ref={setBurger}
            opened={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
            // Fetch the menu's chunk as the finger lands or the pointer arrives, before the click opens it.
            onPointerEnter={loadMobileMenu}
            hiddenFrom="md"
            size="sm"
            className={classes.burger}
            aria-label={NAV_MESSAGES.menuButton(menuOpen)}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            // Its action on an islands page (client/src/islands/header.ts).
            data-island-action="menu"
          />
        </Group>
      </Container>

      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            burger={burger}
            onClose={() => setMenuOpen(false)}
            links={links}
            navLink={navLink}
            signedIn={Boolean(user)}
            cartCount={cartCount}
          />
        </Suspense>
      )}
      {/* An islands page has the menu's markup, for the islands' script to open. */}
      {import.meta.env.SSR && islands && (
        <Suspense fallback={null}>
          <MobileMenuTemplate id={MOBILE_MENU_ID} links={links} navLink={navLink} />
        </Suspense>
      )}
    </Box>
  );
}

function CartButton({ signedIn, count }: { signedIn: boolean; count: number }) {
  if (!signedIn) {
    return (
      <ActionIcon
        component={Link}
        href="/auth"
        variant="subtle"
        color="gray"
        size="lg"
        title={NAV_MESSAGES.loginToViewCart}
        aria-label={NAV_MESSAGES.loginToViewCart}
      >
        <CartIcon />
      </ActionIcon>
    );
  }
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  const button = (
    <ActionIcon component={Link} href="/cart" variant="subtle" color="gray" size="lg" aria-label={label} title="Cart">
      <CartIcon />
    </ActionIcon>
  );
  if (count <= 0) return <SignedInCart>{button}</SignedInCart>;
  return (
    <Suspense fallback={button}>
      <CartIndicator count={count}>{button}</CartIndicator>
    </Suspense>
  );
}

/** A signed-in visitor's cart button: the count's code is fetched now, so it is there when the cart is read. */
function SignedInCart({ children }: { children: ReactNode }) {
  useEffect(() => {
    loadCartIndicator().catch(() => undefined);
  }, []);
  return children;
}
