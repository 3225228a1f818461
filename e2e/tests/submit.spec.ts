import { expect, type Page, test } from '@playwright/test';
import { followVerificationLink, newUser, seeToast, toast } from './support';

// Submitting and editing a car with photos, then the profile, as a new user would do it.

test.describe.configure({ mode: 'serial' });

interface ApiImage {
  id: number;
  url: string;
  isPrimary: boolean;
}
interface ApiCar {
  id: number;
  slug: string;
  model: string;
  images: ApiImage[];
}

/**
 * A real JPEG to upload, as a camera would give it: drawn by the browser on a 1600×1067 canvas and exported as JPEG
 * (the site serves its own photos as WebP renditions, so none of them is a JPEG to reuse).
 */
async function cameraJpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1067;
    const draw = canvas.getContext('2d');
    if (!draw) throw new Error('no 2D canvas');
    const sky = draw.createLinearGradient(0, 0, 1600, 1067);
    sky.addColorStop(0, '#c23b3b');
    sky.addColorStop(1, '#141a2e');
    draw.fillStyle = sky;
    draw.fillRect(0, 0, 1600, 1067);
    draw.fillStyle = '#e8e8e8';
    draw.fillRect(300, 600, 1000, 220);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) throw new Error('the canvas gave no JPEG');
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const jpeg = Buffer.from(bytes);
  expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff'); // a JPEG's first bytes
  return jpeg;
}

async function register(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto('/auth?tab=register');
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel(/^Username/).fill(user.username);
  await form.getByLabel(/^Email/).fill(user.email);
  await form.getByLabel(/^Password/).fill(user.password);
  await form.getByLabel(/^Confirm Password/).fill(user.password);
  await form.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByRole('button', { name: user.username })).toBeVisible();
  // Submitting a car needs a verified address: the link mailed at registration, opened in this browser.
  await followVerificationLink(page, user.email);
}

test('sign up, submit a car with photos, edit it, then change the profile', async ({ page }) => {
  const user = newUser();
  await register(page, user);
  const jpeg = await cameraJpeg(page);
  // 20 MB: a valid JPEG followed by padding, so the bytes really travel.
  const big = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024, 7)]);

  // ---- Submit -------------------------------------------------------------------------------------------------
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Submit Your Car' })).toBeVisible();

  // The form names every missing field with the §5 messages, and a new car needs photos.
  await page.getByRole('button', { name: 'Submit Car' }).click();
  await expect(page.getByText('Make is required')).toBeVisible();
  await expect(page.getByText('Year is required')).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  await expect(page.getByText('You must agree to the legal terms to upload your car')).toBeVisible();

  await page.getByLabel(/^Make/).fill('Toyota');
  await page.getByLabel(/^Model/).fill('Supra');
  await page.getByLabel(/^Year/).fill('94');
  await page.getByLabel(/^Owner Name/).fill('Test Owner');
  await page.getByLabel(/^Category/).selectOption('JDM');
  await page.getByLabel(/^Engine/).fill('2JZ-GTE');
  await page.getByLabel(/^Horsepower/).fill('320');
  await page.getByLabel('Modified').check();
  await page.getByLabel(/^Story/).fill('Imported from Japan in 2015.');
  await page.getByRole('checkbox', { name: /I confirm that I own this car/ }).check();
  await page.getByRole('button', { name: 'Submit Car' }).click();
  await expect(page.getByText('Must be a valid 4-digit year')).toBeVisible();
  await page.getByLabel(/^Year/).fill('1994');

  await page.getByRole('button', { name: 'Submit Car' }).click();
  await seeToast(page, 'Please upload at least one image of your car.');

  await page.locator('input[type="file"]').setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'big.jpg', mimeType: 'image/jpeg', buffer: big },
    { name: 'rear.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is a text file, not a photo') },
  ]);
  // The renamed text file is told apart by its content in the browser and never sent; the three photos are kept.
  await expect(
    page
      .getByRole('alert')
      .getByText('notes.jpg is not a photo we can use. Choose a JPEG, PNG, WebP, GIF or AVIF image.'),
  ).toBeVisible();
  await expect(page.getByTestId('pending-photo')).toHaveCount(3);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/images')) sent.push(request.url());
  });
  await page.getByRole('button', { name: 'Submit Car' }).click();

  // We land on the car's page, public with its photos.
  // Its address is make and model, with a short tail only when another car has it (never a timestamp).
  await expect(page).toHaveURL(/\/cars\/toyota-supra(-[a-z0-9]{4})?$/, { timeout: 60_000 });
  expect(sent).toHaveLength(3);
  await expect(toast(page, 'Failed to upload image 4')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Toyota Supra' })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  let car = (await (await page.request.get(`/api/cars/${slug}`)).json()) as ApiCar;
  expect(car.images).toHaveLength(3);
  expect(car.images[0]!.isPrimary).toBe(true);
  expect(car.images.filter((i) => i.isPrimary)).toHaveLength(1);
  const [first, second, third] = car.images;

  // ---- Edit: details, primary photo, delete a photo, the primary's Delete is off -----------------------------------
  await page.goto(`/upload?edit=${car.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Your Car' })).toBeVisible();
  await expect(page.getByTestId('existing-image')).toHaveCount(3);
  await expect(page.getByLabel(/^Engine/)).toHaveValue('2JZ-GTE');

  await page.getByTestId('existing-image').nth(1).getByRole('button', { name: 'Make Primary' }).click();
  await seeToast(page, 'Success!');
  await expect(page.getByTestId('existing-image').first().getByText('Primary', { exact: true })).toBeVisible();

  // second is now first (primary); delete the last one, then try the primary.
  await page.getByRole('button', { name: 'Delete photo 3' }).click();
  await expect(page.getByTestId('existing-image')).toHaveCount(2);
  // The primary cannot go while another photo is left (the server refuses it): its Delete is off, with the reason.
  await expect(page.getByRole('button', { name: 'Delete photo 1' })).toBeDisabled();
  await expect(
    page.getByTestId('existing-image').first().getByText('Choose another primary image before deleting this one'),
  ).toBeVisible();
  await expect(page.getByTestId('existing-image')).toHaveCount(2);

  await page.getByLabel(/^Model/).fill('Supra RZ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Toyota Supra RZ' })).toBeVisible();
  car = (await (await page.request.get(`/api/cars/${slug}`)).json()) as ApiCar;
  expect(car.images.map((i) => i.id)).toEqual([second!.id, first!.id]);
  expect(car.images[0]).toMatchObject({ id: second!.id, isPrimary: true });
  expect(car.images.some((i) => i.id === third!.id)).toBe(false);

  // Cancel goes to the gallery.
  await page.goto(`/upload?edit=${car.id}`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/gallery$/);

  // ---- Profile ------------------------------------------------------------------------------------------------
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  const vehicle = page.getByTestId('vehicle-card');
  await expect(vehicle).toHaveCount(1);
  await expect(vehicle.getByText('Toyota Supra RZ')).toBeVisible();
  await expect(vehicle.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/upload?edit=${car.id}`);
  await expect(vehicle.getByRole('link', { name: 'View car page' })).toHaveAttribute('href', `/cars/${slug}`);

  await page.getByLabel('Display Name').fill('   ');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await seeToast(page, 'Name Required');
  await page.getByLabel('Display Name').fill('Supra Sam');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await seeToast(page, 'Name Updated');
  await expect(page.getByRole('heading', { name: 'Supra Sam' })).toBeVisible();

  await page.getByLabel('Biography').fill('Weekend track driver.');
  await page.getByRole('button', { name: 'Save Biography' }).click();
  await seeToast(page, 'Profile Updated');
  await expect(page.getByTestId('profile-bio')).toHaveText('Weekend track driver.');

  await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await seeToast(page, 'Upload Successful');
  await expect(page.getByRole('img', { name: "Supra Sam's profile picture" })).toHaveAttribute(
    'src',
    /^\/api\/file\/avatars\//,
  );

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current Password').fill(user.password);
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await seeToast(page, 'Password Too Short');
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass-7');
  await page.getByLabel('Confirm New Password').fill('brand-new-pass-7');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await seeToast(page, 'Password Updated');
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // Still signed in here; the old password no longer works, the new one does.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Supra Sam' })).toBeVisible();
  const old = await page.request.post('/api/login', {
    data: { email: user.email, password: user.password },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/login', {
    data: { email: user.email, password: 'brand-new-pass-7' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(fresh.status()).toBe(200);
});
