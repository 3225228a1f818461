import sharp from 'sharp';
import { DEMO_CARS } from '../../seed/demo-data';
import { type CarPicture, carSceneSvg, type Scene } from '../../seed/demo-images';

// Pictures for the copied-photo tests: the demo's illustrated car photos (a car drawn in its scene, with gradients,
// lights and a city or a crowd behind it), a copy of one as someone taking it would make it, and another photo of
// the same model.

/** A car of the demo data, by its slug. */
export function demoCar(slug: string): CarPicture {
  const car = DEMO_CARS.find((c) => c.slug === slug);
  if (!car) throw new Error(`The demo data has no car '${slug}'`);
  return car;
}

/** The demo's Mazda RX-7 (a wedge in a garage). */
export const RX7 = demoCar('mazda-rx-7-fd3s');

/** The car in `scene` (its own by default), side on, as a 1600×1000 JPEG. */
export function carPhoto(car: CarPicture = RX7, scene: Scene = car.scene): Promise<Buffer> {
  return sharp(Buffer.from(carSceneSvg({ ...car, scene }, 0)))
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A copy of `photo`: 2% cut off its left and top edges, resized to 1200 pixels wide and saved again at quality 60. */
export async function copiedPhoto(photo: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const [left, top] = [Math.round(width * 0.02), Math.round(height * 0.02)];
  return sharp(photo)
    .extract({ left, top, width: width - left, height: height - top })
    .resize({ width: 1200 })
    .jpeg({ quality: 60 })
    .toBuffer();
}
