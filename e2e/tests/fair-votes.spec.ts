import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, logIn, seeToast } from './support';

// The fair-vote review (issue 41 part 7): votes from one address block lift a car to the top of this month's
// leaderboard; the admin voids that block's votes on the Fair Votes tab and the car falls back below the leader.
// The e2e server trusts X-Forwarded-For (TRUST_PROXY), so each vote below comes from an address of its own.

interface Entry {
  id: number;
  year: number;
  make: string;
  model: string;
  votes: number;
}

test('an admin voids a block of votes and the ranking changes', async ({ page }) => {
  const top = async () => (await (await page.request.get('/api/cars/top?period=month&limit=20')).json()) as Entry[];
  const [leader, runnerUp] = await top();
  expect(leader && runnerUp).toBeTruthy();
  if (!leader || !runnerUp) return;
  const name = (car: Entry) => `${car.make} ${car.model}`;

  // One /24 lifts the runner-up a vote past the leader.
  const lift = leader.votes - runnerUp.votes + 1;
  for (let i = 1; i <= lift; i++) {
    const vote = await page.request.post('/api/votes', {
      data: { carId: runnerUp.id },
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });
    expect(vote.status()).toBe(201);
  }
  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-row').first()).toContainText(name(runnerUp));

  await logIn(page, DEMO_ADMIN);
  await page.goto('/admin?tab=fair-votes');
  const fullName = `${runnerUp.year} ${name(runnerUp)}`;
  await page.getByRole('button', { name: `Void votes: ${fullName}`, exact: true }).click();
  const form = page.getByRole('form', { name: `Void votes for ${fullName}`, exact: true });
  // The busiest block is the one that voted just now.
  await form.getByRole('checkbox').first().check();
  await form.getByLabel('Note').fill('Votes from one network within a minute');
  await form.getByRole('button', { name: 'Void', exact: true }).click();
  await seeToast(page, `${lift} ${lift === 1 ? 'vote' : 'votes'} for`);
  await expect(page.getByTestId('vote-void').first()).toContainText('Votes from one network within a minute');

  await page.goto('/leaderboard');
  await expect(page.getByTestId('leaderboard-row').first()).toContainText(name(leader));
  await expect(page.getByTestId('leaderboard-row').first()).not.toContainText(name(runnerUp));
});
