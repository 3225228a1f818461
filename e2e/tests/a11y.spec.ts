import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  devices,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import {
  addMerchToCart,
  DEMO_ADMIN,
  DEMO_DRIVER,
  demoCar,
  ensureOrder,
  fillAdminLists,
  newUser,
  registerByApi,
} from './support';

// Accessibility: axe (WCAG 2.0/2.1 A and AA) on every page of the route table, signed out, as the demo driver and as
// the demo admin, at desktop and at phone width in the dark scheme and at desktop width in the light one (as the
// visitor's system prefers); no serious or critical violation is allowed. Then the keyboard in
// three dialogs: focus stays inside while tabbing, Escape closes, and focus returns to what opened the dialog.
// One browser context per role and viewport; each signs in once through the REST call. The Mantine dialogs render in
// a portal outside the page audits, so each dialog gets its own axe run while open.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Every control needs an accessible name: these rules must run, and fail at any impact. */
const NAME_RULES = ['button-name', 'link-name', 'label', 'select-name', 'aria-input-field-name'];

const VIEWPORTS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { ...devices['Desktop Chrome'] } },
  { name: 'phone', options: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 } } },
];

/** The schemes a visitor's system may prefer: the site follows it (contrast is checked in both). */
const SCHEMES = ['dark', 'light'] as const;

type Account = { email: string; password: string };

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((ctx) => ctx.close()));
});

/** A page in a new browser context (axe needs one from browser.newContext()), signed in as `account` if given. */
async function context(browser: Browser, options: BrowserContextOptions, account?: Account): Promise<Page> {
  const ctx = await browser.newContext(options);
  opened.push(ctx);
  const page = await ctx.newPage();
  if (account) {
    const res = await page.request.post('/api/login', { data: account });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return page;
}

/** Opens a page and waits for its main heading and for its data to arrive. */
async function open(page: Page, path: string) {
  await page.goto(path);
  // A page's chunk loads on demand (the admin dashboard's is large): generous on a busy machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/** The serious and critical violations (and any missing accessible name) on the page, or inside `scope`, as text. */
async function audit(page: Page, label: string, scope?: string): Promise<string[]> {
  // Only violations carry every node; passes are listed once, enough to see which rules ran.
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] });
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  const ran = new Set(
    [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id),
  );
  const missing = NAME_RULES.filter((id) => !ran.has(id));
  const found = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || NAME_RULES.includes(v.id),
  );
  return [
    ...missing.map((id) => `${label}: rule ${id} did not run`),
    ...found.map(
      (v) =>
        `${label}: [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
          .slice(0, 10)
          .map((n) => `${n.target.join(' ')}${colours(n.any[0]?.data)}\n      ${n.html.slice(0, 160)}`)
          .join('\n    ')}`,
    ),
  ];
}

/** For color-contrast: ' (#777 on #222, 3.9:1 < 4.5:1)'. */
function colours(data: unknown): string {
  const d = data as {
    fgColor?: string;
    bgColor?: string;
    contrastRatio?: number;
    expectedContrastRatio?: string;
  } | null;
  return d?.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1 < ${d.expectedContrastRatio})` : '';
}

async function auditPages(page: Page, viewport: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await open(page, path);
    problems.push(...(await audit(page, `${viewport} ${path}`)));
  }
  return problems;
}

const report = (problems: string[]) => `${problems.length} problem(s):\n${problems.join('\n')}`;

// Every viewport in the dark scheme, and the light one at desktop width only: the four combinations took a third of
// CI's end-to-end time. The trade: parts drawn only on a phone (the menu, the admin's cards) are checked for contrast
// in the dark scheme, and in the light one by their desktop counterparts' colours.
const COMBINATIONS = SCHEMES.flatMap((colorScheme) =>
  VIEWPORTS.filter(({ name }) => colorScheme === 'dark' || name === 'desktop').map((viewport) => ({
    colorScheme,
    ...viewport,
  })),
);

for (const { colorScheme, name, options: viewportOptions } of COMBINATIONS) {
  const viewport = `${name} ${colorScheme}`;
  const options = { ...viewportOptions, colorScheme };
  test.describe(`axe at ${viewport}`, () => {
    // Rows in every admin list, made before the tests (buying the order takes most of a minute on a busy machine)
    // and once per run: later calls find them. An empty list hides what a phone's table or card gets wrong.
    test.beforeAll(async ({ browser }) => {
      const admin = await browser.newContext();
      try {
        expect((await admin.request.post('/api/login', { data: DEMO_ADMIN })).ok()).toBe(true);
        await fillAdminLists(browser, admin.request);
      } finally {
        await admin.close();
      }
    });

    test('public pages', async ({ browser }) => {
      const page = await context(browser, options);
      const car = await demoCar(page.request);
      const problems = await auditPages(page, viewport, [
        '/',
        '/gallery',
        `/cars/${car.slug}`,
        '/leaderboard',
        '/merch',
        '/events',
        '/terms-of-service',
        '/auth',
        '/reset-password?token=x',
        '/verify-email?token=x',
        '/upload',
        '/no-such-page',
      ]);
      expect(problems, report(problems)).toEqual([]);
    });

    test('signed-in pages', async ({ browser }) => {
      const driver = await context(browser, options, DEMO_DRIVER);
      const problems = await auditPages(driver, viewport, ['/user/profile', '/user/orders', '/upload']);
      // The cart and checkout belong to a fresh shopper: the demo driver's cart is used by the shop journey.
      const shopper = await context(browser, options);
      await registerByApi(shopper, newUser('a11y'));
      await addMerchToCart(shopper);
      problems.push(...(await auditPages(shopper, viewport, ['/cart', '/checkout'])));
      expect(problems, report(problems)).toEqual([]);
    });

    // The dashboard in three groups of tabs, each short enough for a busy machine, every list with rows (issue 39:
    // a table's scroll box at 390 px).
    test('admin dashboard: cars, statistics and settings', async ({ browser }) => {
      const page = await context(browser, options, DEMO_ADMIN);
      // /admin opens Manage Cars.
      const tabs = ['submissions', 'statistics', 'site-settings', 'api-tokens'];
      const problems = await auditPages(page, viewport, ['/admin', ...tabs.map((tab) => `/admin?tab=${tab}`)]);
      expect(problems, report(problems)).toEqual([]);
    });

    test('admin dashboard: the shop and what it shows', async ({ browser }) => {
      const page = await context(browser, options, DEMO_ADMIN);
      const tabs = ['products', 'orders', 'events', 'ads'];
      const problems = await auditPages(
        page,
        viewport,
        tabs.map((tab) => `/admin?tab=${tab}`),
      );
      expect(problems, report(problems)).toEqual([]);
    });

    test('admin dashboard: trust and safety, with rows in every list', async ({ browser }) => {
      const page = await context(browser, options, DEMO_ADMIN);
      const tabs = ['review', 'users', 'fair-votes'];
      const problems = await auditPages(
        page,
        viewport,
        tabs.map((tab) => `/admin?tab=${tab}`),
      );
      // The lists' rows were there to be checked.
      await expect(page.getByTestId('fair-vote-car').first()).toBeVisible();
      expect(problems, report(problems)).toEqual([]);
    });
  });
}

/** Tabs forwards, then backwards, past the dialog's last control and round again: focus must stay inside. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const controls = await dialog.locator('a[href], button, input, select, textarea, [tabindex="0"]').count();
  const presses = [...Array<string>(controls + 1).fill('Tab'), ...Array<string>(controls + 1).fill('Shift+Tab')];
  for (const [i, key] of presses.entries()) {
    await page.keyboard.press(key);
    const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
    expect(inside, `focus left the dialog at key press ${i + 1} (${key}) of ${presses.length}`).toBe(true);
  }
}

/** Opens the dialog with `trigger`, checks it with axe and the keyboard, closes it with Escape. */
async function checkDialog(page: Page, trigger: Locator, dialogName: string | RegExp, label: string) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  // Let the opening transition finish before measuring contrast.
  await expect(dialog).toHaveCSS('opacity', '1');
  const problems = await audit(page, label, '[role="dialog"]');
  expect.soft(problems, report(problems)).toEqual([]);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
}

test.describe('keyboard in dialogs', () => {
  test('car photo lightbox', async ({ browser }) => {
    const page = await context(browser, VIEWPORTS[0]!.options);
    const car = await demoCar(page.request);
    await open(page, `/cars/${car.slug}`);
    await checkDialog(
      page,
      page.getByRole('button', { name: 'Enlarge photo' }),
      `${car.year} ${car.make} ${car.model}`,
      'lightbox',
    );
  });

  test('forgot-password dialog', async ({ browser }) => {
    const page = await context(browser, VIEWPORTS[0]!.options);
    await open(page, '/auth');
    await page.getByRole('tab', { name: 'Log In' }).click();
    await checkDialog(page, page.getByRole('button', { name: 'Forgot Password?' }), 'Reset Password', 'forgot');
  });

  test('admin order details dialog', async ({ browser }) => {
    const page = await context(browser, VIEWPORTS[0]!.options, DEMO_ADMIN);
    // The demo data has no orders.
    await ensureOrder(browser, page.request);
    await open(page, '/admin?tab=orders');
    const view = page.getByTestId('order-row').first().getByRole('button', { name: 'View' });
    await checkDialog(page, view, /^Order #\d+$/, 'order dialog');
  });
});
