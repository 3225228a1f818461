import { CAR_CARD_MESSAGES, type Car, HOME_MESSAGES, LIMITS, primaryImage } from '@curbside/shared';
import { Button, Group, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useIslands } from '../../islands/context';
import { islandProps, type SliderIslandProps } from '../../islands/props';
import { CarImage } from './CarImage';
import classes from './cars.module.css';

/** Featured cars, one at a time: advances every 10 s, wraps to the first, dots jump (spec part 1 §4). */
export function FeaturedSlider({ cars }: { cars: Car[] }) {
  const [index, setIndex] = useState(0);
  const islands = useIslands();
  const count = cars.length;

  // Restarting the timer on every change means a dot click gets a full 10 s too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), LIMITS.featuredSlideMs);
    return () => window.clearTimeout(timer);
  }, [index, count]);

  const car = cars[Math.min(index, count - 1)]; // none when there are no cars
  if (!car) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {HOME_MESSAGES.noFeaturedCars}
      </Text>
    );
  }
  return (
    <div
      data-island="featured-slider"
      {...(import.meta.env.SSR && islands
        ? islandProps({ intervalMs: LIMITS.featuredSlideMs } satisfies SliderIslandProps)
        : undefined)}
    >
      <section className={classes.slider} aria-roledescription="carousel" aria-label="Featured cars">
        <Slide key={car.id} car={car} />
      </section>
      {count > 1 ? (
        <div className={classes.dots}>
          {cars.map((c, i) => (
            <button
              key={c.id}
              type="button"
              className={classes.dot}
              aria-label={`Show ${c.make} ${c.model}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              // Its action on an islands page (client/src/islands/featured-slider.ts).
              data-island-action="slide"
              data-slide={i}
            />
          ))}
        </div>
      ) : null}
      {/* An islands page has every slide's markup, for the islands' script to show in turn. */}
      {import.meta.env.SSR && islands && count > 1
        ? cars.map((c) => (
            <template key={c.id} data-island-template="slide">
              <Slide car={c} />
            </template>
          ))
        : null}
    </div>
  );
}

/** One car's slide: its photo and, over it, its name, its owner and a link to its page. */
function Slide({ car }: { car: Car }) {
  return (
    <>
      <CarImage
        image={primaryImage(car.images)}
        alt={`${car.make} ${car.model}`}
        sizes="(min-width: 75em) 1200px, 100vw"
        ratio={16 / 9}
        lazy
      />
      <div className={classes.slideCaption}>
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>
              {car.year} {car.make} {car.model}
            </Title>
            <Text c="gray.4">{car.ownerName || CAR_CARD_MESSAGES.unknownOwner}</Text>
          </div>
          <Button component={Link} href={`/cars/${car.slug}`}>
            View Details
          </Button>
        </Group>
      </div>
    </>
  );
}
