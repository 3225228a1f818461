import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { COLOR_SCHEME_STORAGE_KEY } from '../../shared/src/color-scheme';
import type { ShotsProject } from '../screenshots.config';
import { OUT_DIR, SHOTS, stateFile, type Viewer } from './pages';

// One picture of each page of pages.ts at this project's width and theme, once the page shows its heading, its
// data, its pictures and its fonts.

/** The largest side WebP can hold. */
const WEBP_MAX_PX = 16_383;

/**
 * Waits until the page is as a visitor sees it once it has loaded: data, fonts and the pictures on the screen. For a
 * whole page, first makes the screen as tall as the page.
 */
async function settle(page: Page, fullPage: boolean) {
  // A page's chunk loads on demand (the admin dashboard's is large): generous on a busy machine.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  if (fullPage) {
    // Down the page half a screen at a time, two frames at each stop (what watches for things coming into view hears
    // of it after the first), so the panels that load near the screen do; then back to the top.
    await page.evaluate(async () => {
      const frames = async () => {
        for (const _ of [1, 2]) await new Promise((resolve) => requestAnimationFrame(resolve));
      };
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await frames();
      }
      window.scrollTo(0, 0);
      await frames();
    });
    await page.waitForLoadState('networkidle');
    // Then a screen as tall as the page, so its pictures are chosen for the screen they are taken on (a whole-page
    // screenshot of a short screen widens it as it takes it, and pictures picked by the screen's size are caught
    // while they change), and what sticks to the bottom of the screen (the phone's vote bar) sits at the end of the
    // page rather than across its middle.
    const { width } = page.viewportSize() ?? { width: 0 };
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('networkidle');
  }
  // A panel that loads as it comes near the screen (the car page's print order form) shows a skeleton until it has.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('.mantine-Skeleton-root[data-visible]')).filter((skeleton) => {
            const box = skeleton.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
          }).length,
      ),
    )
    .toBe(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // The pictures on the screen (a hidden one, or a lazy one out of view, would never arrive); not those off to a
    // side (a carousel's next slides).
    const shown = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      const across = box.right > 0 && box.left < window.innerWidth;
      return box.width > 0 && box.height > 0 && across && box.bottom > 0 && box.top < window.innerHeight;
    };
    const images = Array.from(document.images).filter(shown);
    await Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
  });
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

const viewers: Viewer[] = ['visitor', 'driver', 'admin'];
for (const viewer of viewers) {
  test.describe(`as the ${viewer}`, () => {
    if (viewer !== 'visitor') test.use({ storageState: stateFile(viewer) });
    // Still pictures: no confetti or sliding carousel caught half-way.
    test.use({ reducedMotion: 'reduce' });

    for (const shot of SHOTS.filter((candidate) => candidate.viewer === viewer)) {
      test(shot.title, async ({ page }, testInfo) => {
        const { width, theme } = testInfo.project.metadata as ShotsProject;
        // The header's switch keeps the visitor's choice here; the browser's preference (the project's) agrees.
        await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
          key: COLOR_SCHEME_STORAGE_KEY,
          value: theme,
        });
        const order = viewer === 'driver' ? JSON.parse(readFileSync(stateFile('order'), 'utf8')) : { paymentId: '' };
        await page.goto(await shot.path(page, order));
        await settle(page, shot.fullPage ?? false);
        await shot.ready?.(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);

        const png = await page.screenshot({ fullPage: shot.fullPage, animations: 'disabled', caret: 'hide' });
        let picture = sharp(png);
        const { height = 0 } = await picture.metadata();
        if (height > WEBP_MAX_PX) picture = picture.resize({ height: WEBP_MAX_PX });
        const file = join(OUT_DIR, `${shot.name}-${width}-${theme}.webp`);
        writeFileSync(file, await picture.webp({ quality: 70, effort: 4 }).toBuffer());
      });
    }
  });
}
