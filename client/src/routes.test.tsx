import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCarDto } from './components/cars/showcase-fixtures';
import { currentAddress, makeUser, NORMAL_SETTINGS, renderApp, setViewport } from './test/render';
import { ProcedureError } from './test/trpc-fake';

const header = () => within(screen.getByRole('banner'));

/** The user menu's code loads lazily: wait until its button is the real menu trigger. */
async function userMenuButton(username: string) {
  await waitFor(() =>
    expect(screen.getByRole('button', { name: username }).getAttribute('aria-haspopup')).toBe('menu'),
  );
  return screen.getByRole('button', { name: username });
}

describe('navigation', () => {
  it('offers Login/Register and a cart button that asks to log in when signed out', async () => {
    renderApp({ path: '/' });
    expect(await screen.findByRole('link', { name: 'Login/Register' })).toHaveProperty('pathname', '/auth');
    const cart = header().getByRole('link', { name: 'Login to view cart' });
    expect(cart.getAttribute('href')).toBe('/auth');
    expect(cart.getAttribute('title')).toBe('Login to view cart');
    expect(header().queryByRole('link', { name: 'Submit Your Car' })).toBeNull();
    for (const name of ['Home', 'Gallery', 'Leaderboard', 'Merch', 'Events']) {
      expect(header().getByRole('link', { name })).toBeTruthy();
    }
    expect(header().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the username menu and Submit Your Car when signed in', async () => {
    const { userEvent } = renderApp({ path: '/', user: makeUser({ username: 'drifter' }) });
    const menuButton = await userMenuButton('drifter');
    expect(header().getByRole('link', { name: 'Submit Your Car' }).getAttribute('href')).toBe('/upload');
    expect(header().queryByRole('link', { name: 'Login/Register' })).toBeNull();
    expect(header().getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');

    await userEvent.click(menuButton);
    expect((await screen.findByRole('menuitem', { name: 'My Profile' })).getAttribute('href')).toBe('/user/profile');
    expect(screen.getByRole('menuitem', { name: 'My Orders' }).getAttribute('href')).toBe('/user/orders');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it('shows the Admin link to admins only', async () => {
    renderApp({ path: '/', user: makeUser({ role: 'admin', username: 'boss' }) });
    await userMenuButton('boss');
    expect(header().getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('logs out: toast, signed-out navigation, home', async () => {
    const { userEvent } = renderApp({
      path: '/leaderboard',
      user: makeUser(),
      handlers: { 'accounts.logout': () => ({ ok: true }) },
    });
    await userEvent.click(await userMenuButton('drifter'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await screen.findByText('Logged out successfully');
    await screen.findByRole('link', { name: 'Login/Register' });
    expect(currentAddress()).toBe('/');
  });

  it('opens the mobile menu with the burger and closes it on a click outside', async () => {
    setViewport(375);
    const { userEvent } = renderApp({ path: '/', user: makeUser() });
    await screen.findByRole('link', { name: 'Cart' });
    expect(screen.queryByRole('button', { name: 'drifter' })).toBeNull(); // desktop-only
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    // The menu is its own chunk: it arrives a moment after the first press.
    const mobileNav = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(mobileNav).getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart');
    await userEvent.click(await screen.findByRole('heading', { level: 1 }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });
});

describe('routes and guards', () => {
  it('shows the not-found page for an unknown path', async () => {
    renderApp({ path: '/no-such-page' });
    await screen.findByRole('heading', { name: '404 Page Not Found' });
    // What happened and a way on come first; the spec's sentence stays, in small print below.
    expect(
      screen.getByText("There's no page at this address. It may have moved, or the link may be mistyped."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the Gallery' }).getAttribute('href')).toBe('/gallery');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('shows a spinner until the user and the site settings are known', async () => {
    renderApp({ path: '/', handlers: { 'settings.get': () => new Promise(() => {}) } });
    await screen.findByRole('status');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it.each([
    ['/cart', 'Please log in to view your cart', '/auth?next=%2Fcart'],
    ['/checkout', 'Please log in to continue with checkout', '/auth?next=%2Fcheckout'],
    [
      '/order-success?session_id=cs_1',
      'Please log in to view your order',
      '/auth?next=%2Forder-success%3Fsession_id%3Dcs_1',
    ],
    ['/user/orders', 'Please log in to view your orders', '/auth?next=%2Fuser%2Forders'],
    // The profile page sends the visitor itself; sign-in returns to the page remembered before (lib/return-to.ts).
    ['/user/profile', 'Please log in to view your profile', '/auth'],
  ])('sends a signed-out visitor from %s to /auth, saying why', async (path, why, signIn) => {
    renderApp({ path });
    await screen.findByRole('tab', { name: 'Log In' });
    expect(currentAddress()).toBe(signIn);
    await screen.findByText('Authentication Required');
    expect(screen.getByText(why)).toBeTruthy();
  });

  it('shows a signed-out visitor on /upload the sign-in panel instead of the form', async () => {
    renderApp({ path: '/upload?edit=3' });
    await screen.findByRole('heading', { name: 'Authentication Required' });
    // Signing in comes back here, the car being edited included.
    expect(screen.getByRole('link', { name: 'Sign In or Register' }).getAttribute('href')).toBe(
      '/auth?next=%2Fupload%3Fedit%3D3',
    );
    expect(screen.getByText("You'll come straight back to the form afterwards.")).toBeTruthy();
    expect(currentAddress()).toBe('/upload?edit=3');
  });

  it('lets a signed-in user into a protected page', async () => {
    renderApp({ path: '/user/orders', user: makeUser() });
    await screen.findByRole('heading', { name: 'My Orders' });
  });

  it('sends a signed-in user away from /auth to /', async () => {
    renderApp({ path: '/auth', user: makeUser() });
    await waitFor(() => expect(currentAddress()).toBe('/'));
  });

  it('sends a non-admin away from /admin to /', async () => {
    renderApp({ path: '/admin', user: makeUser() });
    await waitFor(() => expect(currentAddress()).toBe('/'));
  });

  it('lets an admin into /admin', async () => {
    renderApp({ path: '/admin', user: makeUser({ role: 'admin' }) });
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
  });

  it('serves the gallery under /cars and car pages under both prefixes', async () => {
    const car = makeCarDto(1, { slug: '1990-nissan-skyline', make: 'Nissan', model: 'Skyline' });
    const handlers = { 'cars.bySlug': () => car, 'cars.top': () => [], 'share.qrCode': () => ({ qrCode: '' }) };
    renderApp({ path: '/cars/1990-nissan-skyline', handlers });
    await screen.findByRole('heading', { name: 'Nissan Skyline', level: 1 });
  });

  it('removes tracking parameters from the address and keeps the rest', async () => {
    renderApp({ path: '/gallery?utm_source=newsletter&fbclid=abc123&utm_campaign=spring&preview=true#top' });
    await screen.findByRole('heading', { name: 'Car Gallery' });
    expect(currentAddress()).toBe('/gallery?preview=true#top');
  });

  it('sends the user to /auth when a call gets UNAUTHORIZED', async () => {
    const { userEvent } = renderApp({
      path: '/leaderboard',
      handlers: {
        'newsletter.subscribe': () => {
          throw new ProcedureError('UNAUTHORIZED', 'Authentication required');
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(currentAddress()).toBe('/auth?next=%2Fleaderboard'));
  });

  it('returns a visitor sent to sign in from the cart to the cart', async () => {
    let signedIn: ReturnType<typeof makeUser> | null = null;
    const { userEvent } = renderApp({
      path: '/cart',
      handlers: {
        'accounts.me': () => signedIn,
        'accounts.login': () => {
          signedIn = makeUser();
          return signedIn;
        },
        'cart.list': () => [],
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Log in' }));
    await userEvent.type(form.getByLabelText('Email'), 'drifter@example.com');
    await userEvent.type(form.getByLabelText('Password'), 'correct horse');
    await userEvent.click(form.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { name: 'Your Cart' });
    expect(currentAddress()).toBe('/cart');
  });

  it('returns a signed-in visitor on /auth to the page the address names, and only a page of this site', async () => {
    renderApp({ path: '/auth?next=%2Fleaderboard', user: makeUser() });
    await waitFor(() => expect(currentAddress()).toBe('/leaderboard'));
  });

  it.each(['//evil.com', 'https://evil.com/', '/\\evil.com', 'javascript:alert(1)'])(
    'sends a signed-in visitor home for a return target of %s',
    async (target) => {
      renderApp({ path: `/auth?next=${encodeURIComponent(target)}`, user: makeUser() });
      await waitFor(() => expect(currentAddress()).toBe('/'));
    },
  );

  it('returns to the page the visitor left for Login/Register', async () => {
    const { userEvent } = renderApp({ path: '/events', handlers: { 'events.upcoming': () => [] } });
    await userEvent.click(await screen.findByRole('link', { name: 'Login/Register' }));
    await screen.findByRole('tab', { name: 'Log In' });
    cleanup();
    renderApp({ path: '/auth', user: makeUser() });
    await waitFor(() => expect(currentAddress()).toBe('/events'));
  });
});

describe('site modes', () => {
  const maintenance = { maintenanceMode: true, maintenanceMessage: 'New paint, back on Monday.' };

  it('shows the maintenance page to a visitor on every path', async () => {
    renderApp({ path: '/gallery', settings: maintenance });
    await screen.findByRole('heading', { name: 'Under Maintenance' });
    expect(screen.getByText('New paint, back on Monday.')).toBeTruthy();
    expect(
      screen.getByText("We're working hard to improve the site experience. Please check back later."),
    ).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('keeps /auth reachable during maintenance, without the admin preview banner', async () => {
    renderApp({ path: '/auth', settings: maintenance });
    await screen.findByRole('tab', { name: 'Log In' });
    expect(screen.queryByText('Maintenance Mode - Admin Preview')).toBeNull();
  });

  it('shows the coming-soon page with its launch date', async () => {
    renderApp({
      path: '/',
      settings: { comingSoonMode: true, comingSoonMessage: 'Doors open soon.', launchDate: '2025-03-05' },
    });
    await screen.findByRole('heading', { name: 'Coming Soon' });
    expect(screen.getByText('Doors open soon.')).toBeTruthy();
    expect(screen.getByText('March 5, 2025')).toBeTruthy();
  });

  it('sends a visitor from /admin to /auth during maintenance', async () => {
    renderApp({ path: '/admin', settings: maintenance });
    await waitFor(() => expect(currentAddress()).toBe('/auth?next=%2Fadmin'));
  });

  it('shows admins the site with the preview banner', async () => {
    renderApp({ path: '/gallery', user: makeUser({ role: 'admin' }), settings: maintenance });
    await screen.findByRole('heading', { name: 'Car Gallery' });
    expect(screen.getByText('Maintenance Mode - Admin Preview')).toBeTruthy();
  });

  it('switches an open page to the maintenance page when a call finds the site went into maintenance', async () => {
    let mode = false;
    const { userEvent } = renderApp({
      path: '/leaderboard',
      handlers: {
        'settings.get': () => ({ ...NORMAL_SETTINGS, ...(mode ? maintenance : {}) }),
        'newsletter.subscribe': () => {
          mode = true;
          throw new ProcedureError('MAINTENANCE_MODE', maintenance.maintenanceMessage);
        },
      },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('heading', { name: 'Under Maintenance' });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the site with the banner for ?preview=true', async () => {
    renderApp({ path: '/?preview=true', settings: { comingSoonMode: true } });
    await screen.findByText('Coming Soon Mode - Admin Preview');
  });

  it('keeps preview mode through navigation until the visitor leaves it', async () => {
    const { userEvent } = renderApp({ path: '/?preview=true', settings: { comingSoonMode: true } });
    await screen.findByText('Coming Soon Mode - Admin Preview');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Gallery' }),
    );
    await screen.findByRole('heading', { name: 'Car Gallery' });
    expect(currentAddress()).toBe('/gallery');
    expect(screen.getByText('Coming Soon Mode - Admin Preview')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Leave Preview' }));
    await screen.findByRole('heading', { name: 'Coming Soon' });
    expect(screen.queryByText('Coming Soon Mode - Admin Preview')).toBeNull();
  });
});
