import { expect, test } from '@playwright/test';
import { gotoServerPage } from './support';

// The Hall of Fame on the demo data, whose votes span this month and the two before: both past months are closed by
// the first visit, each with its winner, and the month picker moves between them (the choice kept in the address).

test('the Hall of Fame shows each closed month with its winner and places, and the picker moves between them', async ({
  page,
}) => {
  await page.goto('/hall-of-fame');
  await expect(page.getByRole('heading', { name: 'Hall of Fame', level: 1 })).toBeVisible();
  const pastWinners = page.getByTestId('past-winner');
  await expect(pastWinners).toHaveCount(2);
  const winner = page.getByTestId('hall-of-fame-winner');
  await expect(winner.getByText(/^Car of the Month · /)).toBeVisible();
  await expect(page.getByTestId('hall-of-fame-place').first()).toContainText('#2');

  // The older month, by the picker: the address names it, and Back returns to the newer one.
  const picker = page.getByLabel('Month');
  const options = await picker.locator('option').allTextContents();
  expect(options).toHaveLength(2);
  await picker.selectOption({ label: options[1] as string });
  await expect(page).toHaveURL(/\/hall-of-fame\?month=\d{4}-\d{2}$/);
  await expect(winner.getByText(`Car of the Month · ${options[1]}`)).toBeVisible();
  await page.goBack();
  await expect(winner.getByText(`Car of the Month · ${options[0]}`)).toBeVisible();

  // The winner's name leads to its car page, which shows the honour.
  const name = ((await winner.getByRole('link').first().textContent()) ?? '').trim();
  await winner.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `Car of the Month · ${options[0]}` })).toBeVisible();

  // The home page names the latest winner; the leaderboard shows that month's final ranking.
  await page.goto('/');
  await expect(page.getByTestId('last-month-winner')).toContainText(`Car of the Month, ${options[0]}: ${name}`);
  await page.goto('/leaderboard');
  // As a visitor picks from a menu: it has the focus first (a value set before the page is hydrated, with no focus or
  // press before it, would be taken as the menu's starting value).
  const pastMonths = page.getByLabel('Past months');
  await pastMonths.focus();
  await pastMonths.selectOption({ label: options[0] as string });
  await expect(page).toHaveURL(/\/leaderboard\?month=\d{4}-\d{2}$/);
  await expect(page.getByText(`The final ranking of ${options[0]}, frozen when the month ended.`)).toBeVisible();
  await expect(page.getByTestId('leaderboard-row').first()).toContainText(name.replace(/^\d{4} /, ''));
});

test('the Hall of Fame comes rendered by the server, and the browser adopts it as it is', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const release = await gotoServerPage(page, '/hall-of-fame');
  const winner = page.getByTestId('hall-of-fame-winner');
  await expect(winner.getByText(/^Car of the Month · /)).toBeVisible();
  await expect(page.getByTestId('past-winner')).toHaveCount(2);
  const served = await winner.elementHandle();

  // Once the code runs, React adopts that markup (its fiber on the same element) instead of drawing the page again.
  release();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => winner.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))))
    .toBe(true);
  expect(await served?.evaluate((element) => element.isConnected), 'the winner was drawn again').toBe(true);
  expect(errors, 'no hydration error').toEqual([]);

  // And it works: the picker moves to the older month.
  const picker = page.getByLabel('Month');
  await picker.focus();
  const options = await picker.locator('option').allTextContents();
  await picker.selectOption({ label: options[1] as string });
  await expect(page).toHaveURL(/\/hall-of-fame\?month=\d{4}-\d{2}$/);
  await expect(winner.getByText(`Car of the Month · ${options[1]}`)).toBeVisible();
});
