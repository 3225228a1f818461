import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import {
  CAR_CARD_IMAGE_SIZES,
  CAR_CARD_MESSAGES,
  type Car,
  carVoteCount,
  carVotePeriod,
  primaryImage,
  truncateStory,
} from '@curbside/shared';
import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { CarImage } from './CarImage';
import classes from './cars.module.css';

/** The tags under a card: category, engine, 'N HP', Modified (spec part 1 §2). */
export function carTags(car: Pick<Car, 'category' | 'additionalSpecs'>): string[] {
  const specs = car.additionalSpecs ?? {};
  const tags: string[] = [];
  if (car.category) tags.push(car.category);
  if (specs.engine) tags.push(String(specs.engine));
  if (specs.horsepower !== undefined && specs.horsepower !== '')
    tags.push(CAR_CARD_MESSAGES.horsepowerTag(specs.horsepower as string | number));
  if (specs.modified === true) tags.push(CAR_CARD_MESSAGES.modifiedTag);
  return tags;
}

export interface CarCardProps {
  car: Car;
  /** '#N This Month' badge (home top cars). */
  rank?: number;
  /** Show the story and the tags (home) or the compact gallery card. */
  variant?: 'full' | 'compact';
  /** The first row of a list: load eagerly. */
  eager?: boolean;
  /** The page's main photo (its largest element on a phone): loaded first. */
  priority?: boolean;
  /** The level of the car's name: one below the heading the list sits under (the gallery lists under its h1). */
  titleOrder?: 2 | 3;
  /** The card's id: an address's #fragment lands on it (the gallery's first card of a page). */
  id?: string;
}

export function CarCard({ car, rank, variant = 'full', eager, priority, titleOrder = 3, id }: CarCardProps) {
  const votes = carVoteCount(car);
  const period = carVotePeriod(car);
  return (
    <Card
      component={Link}
      href={`/cars/${car.slug}`}
      id={id}
      withBorder
      radius="md"
      padding="md"
      className={classes.card}
      data-testid="car-card"
    >
      <Card.Section className={classes.cardMedia}>
        <CarImage
          image={primaryImage(car.images)}
          alt={`${car.make} ${car.model}`}
          sizes={CAR_CARD_IMAGE_SIZES}
          lazy={!eager}
          priority={priority}
        />
        {rank ? (
          <Badge className={classes.rankBadge} size="lg" color="yellow" variant="filled">
            {CAR_CARD_MESSAGES.rankBadge(rank)}
          </Badge>
        ) : null}
        {/* One chip on the photo; a ranked card's badge already says 'This Month', so the chip does not repeat it. */}
        <VoteCount count={votes} period={period} chip periodShown={!rank} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {/* The whole name, on two lines if it needs them: never cut off. */}
        <Title order={titleOrder} fz="lg" lh={1.25} className={classes.cardTitle}>
          {car.year} {car.make} {car.model}
        </Title>
        <Text size="sm" c="dimmed">
          {car.ownerName || CAR_CARD_MESSAGES.unknownOwner}
        </Text>
        {variant === 'full' ? (
          <>
            {car.story ? <Text size="sm">{truncateStory(car.story)}</Text> : null}
            <Group gap={6} mt="auto">
              {carTags(car).map((tag) => (
                <Badge key={tag} variant="light" size="sm">
                  {tag}
                </Badge>
              ))}
            </Group>
          </>
        ) : (
          <Group gap={6} mt="auto">
            <Badge variant="light" size="sm">
              {car.category || CAR_CARD_MESSAGES.otherCategory}
            </Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A heart, a count and which count it is ('this month' or 'all time'), on one line: a card shows this month's votes
 * when there are any, else the all-time total; My Vehicles shows the total. Read as "7 votes this month". As a chip
 * (`chip`) it sits on a card's photo; `periodShown` false leaves the period to screen readers (a ranked card's badge
 * shows it). No vote at all reads 'No votes yet', without a period.
 */
export function VoteCount({
  count,
  period,
  chip,
  periodShown = true,
}: {
  count: number;
  period: 'month' | 'all';
  chip?: boolean;
  periodShown?: boolean;
}) {
  const label = ` ${CAR_CARD_MESSAGES.votePeriod[period]}`;
  return (
    <span className={chip ? `${classes.votes} ${classes.voteChip}` : classes.votes}>
      <span>
        <span aria-hidden>♥ </span>
        {count || CAR_CARD_MESSAGES.noVotes}
        {count ? <VisuallyHidden> {CAR_CARD_MESSAGES.voteUnit[count === 1 ? 'one' : 'other']}</VisuallyHidden> : null}
      </span>
      {!count ? null : periodShown ? (
        <span className={classes.votePeriod}>{label}</span>
      ) : (
        <VisuallyHidden>{label}</VisuallyHidden>
      )}
    </span>
  );
}
