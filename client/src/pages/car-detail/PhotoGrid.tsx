import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Stack, Title, UnstyledButton } from '@mantine/core';
import { CarImage } from '../../components/cars/CarImage';
import classes from './PhotoGrid.module.css';
import type { NamedPhoto } from './photos';

/**
 * A grid of thumbnail tiles: a click on the photo shows it large; the labelled checkbox under it ticks it for a print.
 * Each is called by its photo's name ('Show official photo 1', 'Select for print: …, official photo 1'), so the
 * official and the owner's grids never give a screen reader the same name twice; the visible words start the name.
 */
export function PhotoGrid({
  title,
  photos,
  alt,
  shownId,
  selectedIds,
  onShow,
  onToggle,
}: {
  title: string;
  photos: NamedPhoto[];
  alt: string;
  shownId: number | null;
  selectedIds: number[];
  onShow: (id: number) => void;
  onToggle: (id: number) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs">
        {photos.map(({ image, name }) => (
          <div key={image.id} className={classes.tile} data-shown={image.id === shownId}>
            <UnstyledButton
              className={classes.photo}
              display="block"
              w="100%"
              onClick={() => onShow(image.id)}
              aria-label={`Show ${name}`}
              data-island-action="show"
              data-photo-id={image.id}
            >
              <CarImage image={image} alt={`${alt}, ${name}`} sizes="(min-width: 48em) 160px, 50vw" lazy />
            </UnstyledButton>
            <label className={classes.select}>
              <input
                type="checkbox"
                aria-label={`Select for print: ${alt}, ${name}`}
                checked={selectedIds.includes(image.id)}
                onChange={() => onToggle(image.id)}
                data-photo-id={image.id}
              />
              Select for print
            </label>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
