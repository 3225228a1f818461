import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import type { LeaderboardEntry } from '@curbside/shared';
import { Anchor, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import { CarImage } from '../../components/cars/CarImage';
import classes from './leaderboard.module.css';
import { type Place, placeFacts } from './ranked';

/** From this width the table; below it, cards. */
const WIDE = 'sm';
const TABLE_PHOTO = { width: 72, flex: 'none', borderRadius: 'var(--mantine-radius-sm)' } as const;

/** The Change cell: places moved since 24 hours ago, or New. */
export function ChangeBadge({ entry }: { entry: Pick<LeaderboardEntry, 'change' | 'isNew'> }) {
  if (entry.isNew || entry.change === null) {
    return (
      <Badge color="blue" variant="light">
        New
      </Badge>
    );
  }
  if (entry.change > 0) {
    return (
      <Text c="green" fw={600} aria-label={`Up ${entry.change}`} span>
        ▲ {entry.change}
      </Text>
    );
  }
  if (entry.change < 0) {
    return (
      <Text c="red" fw={600} aria-label={`Down ${-entry.change}`} span>
        ▼ {-entry.change}
      </Text>
    );
  }
  return (
    <Text c="dimmed" aria-label="No change" span>
      –
    </Text>
  );
}

const change = (place: Place) =>
  'removed' in place ? null : <ChangeBadge entry={{ change: place.change ?? null, isNew: place.isNew ?? false }} />;

/** The place's name: a link to its car while the car is listed, with its whole box clickable in a card. */
function PlaceName({ place, stretched }: { place: Place; stretched?: boolean }) {
  const { name, href } = placeFacts(place);
  if (!href) return <Text fw={700}>{name}</Text>;
  return (
    <Anchor component={Link} href={href} fw={700} className={stretched ? classes.stretched : undefined}>
      {name}
    </Anchor>
  );
}

/** A place's words in a card: its name (the card's link), owner and classification, votes and (live) change. */
function PlaceText({ place, showChange, large }: { place: Place; showChange: boolean; large?: boolean }) {
  const { owner, classification } = placeFacts(place);
  return (
    <>
      <PlaceName place={place} stretched />
      <Text size={large ? 'sm' : 'xs'} c="dimmed">
        {classification ? `${owner} · ${classification}` : owner}
      </Text>
      <div className={classes.cardNumbers}>
        <Text span fw={800} c="yellow" size={large ? 'lg' : 'sm'}>
          ♥ {place.votes} {place.votes === 1 ? 'vote' : 'votes'}
        </Text>
        {showChange ? change(place) : null}
      </div>
    </>
  );
}

/**
 * The ranking's first three as a podium: the leader in the middle and largest on wide screens, first and across the
 * screen on a phone, each with its photo, votes and (live) change.
 */
export function Podium({ places, showChange }: { places: Place[]; showChange: boolean }) {
  return (
    <ol className={classes.podium} aria-label="Top three">
      {places.slice(0, 3).map((place) => {
        const facts = placeFacts(place);
        return (
          <li key={facts.key} className={classes.podiumPlace} data-rank={place.rank} data-testid="podium-place">
            <div className={classes.podiumMedia}>
              <CarImage image={facts.image} alt="" sizes="(min-width: 48em) 33vw, 100vw" priority={place.rank === 1} />
              <span className={classes.medal}>
                <VisuallyHidden>Rank </VisuallyHidden>#{place.rank}
              </span>
            </div>
            <div className={classes.podiumText}>
              <PlaceText place={place} showChange={showChange} large />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** Places after the podium on a phone: one compact card each, rank in a fixed column, the whole name. */
export function RankingCards({ places, showChange }: { places: Place[]; showChange: boolean }) {
  if (places.length <= 3) return null;
  return (
    <ol className={classes.cards} aria-label="Ranking" start={4}>
      {places.slice(3).map((place) => {
        const facts = placeFacts(place);
        return (
          <li key={facts.key} className={classes.card} data-testid="leaderboard-card">
            <span className={classes.cardRank}>#{place.rank}</span>
            <CarImage image={facts.image} alt="" sizes="88px" lazy className={classes.cardPhoto} />
            <div className={classes.cardText}>
              <PlaceText place={place} showChange={showChange} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The spec's table (Rank, Car, Owner, Classification, Votes, Change, Action): every place, on wide screens. */
export function RankingTable({ places, showChange }: { places: Place[]; showChange: boolean }) {
  return (
    <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="sm" visibleFrom={WIDE}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.rankColumn}>Rank</Table.Th>
          <Table.Th>Car</Table.Th>
          <Table.Th>Owner</Table.Th>
          <Table.Th>Classification</Table.Th>
          <Table.Th>Votes</Table.Th>
          {showChange && <Table.Th>Change</Table.Th>}
          <Table.Th>Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {places.map((place) => {
          const facts = placeFacts(place);
          return (
            <Table.Tr key={facts.key} data-testid="leaderboard-row">
              <Table.Td fw={700} className={classes.rankColumn}>
                #{place.rank}
              </Table.Td>
              <Table.Td>
                <div className={classes.tableCar}>
                  <CarImage image={facts.image} alt="" sizes="72px" lazy style={TABLE_PHOTO} />
                  <PlaceName place={place} />
                </div>
              </Table.Td>
              <Table.Td>{facts.owner}</Table.Td>
              <Table.Td>{facts.classification}</Table.Td>
              <Table.Td fw={700}>{place.votes}</Table.Td>
              {showChange && <Table.Td>{change(place)}</Table.Td>}
              <Table.Td>
                {facts.href ? (
                  <Anchor component={Link} href={facts.href}>
                    View
                  </Anchor>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Every layout of a ranking: the podium, then cards on a phone or the table on wide screens (switched by CSS, so
 * the server's page fits any screen). */
export function Ranking({ places, showChange }: { places: Place[]; showChange: boolean }) {
  return (
    <>
      <Podium places={places} showChange={showChange} />
      <div className={classes.phoneOnly}>
        <RankingCards places={places} showChange={showChange} />
      </div>
      <RankingTable places={places} showChange={showChange} />
    </>
  );
}
