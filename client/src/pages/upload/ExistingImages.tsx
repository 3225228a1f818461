import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Image.css';
import { type CarImage, MESSAGES } from '@curbside/shared';
import { Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trpcErrorCode } from '../../lib/errors';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const U = MESSAGES.upload;

/** Edit mode: the car's photos, with primary selection and delete (part 2 §2, §4). */
export function ExistingImages({ carId, images }: { carId: number; images: CarImage[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.cars.byId.queryKey({ id: carId }) });
  const setPrimary = useMutation(trpc.images.setPrimary.mutationOptions());
  const remove = useMutation(trpc.images.delete.mutationOptions());

  const makePrimary = (image: CarImage) =>
    setPrimary.mutate(
      { id: image.id, carId },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.admin.done.primaryPhoto);
          void refresh();
        },
        onError: (error) => notifyError({ title: U.primaryImageFailed }, error),
      },
    );

  const deleteImage = (image: CarImage) =>
    remove.mutate(
      { id: image.id },
      {
        onSuccess: () => {
          notifyToast(MESSAGES.admin.done.photoDeleted);
          void refresh();
        },
        onError: (error) => {
          // Part 2 §8: a 404 means someone (or another tab) removed it already.
          if (trpcErrorCode(error) === 'NOT_FOUND') {
            notifyToast({ title: U.imageAlreadyRemoved });
            void refresh();
          } else notifyError({ title: U.deleteImageFailed }, error);
        },
      },
    );

  if (images.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This car has no photos yet.
      </Text>
    );
  }
  const busy = setPrimary.isPending || remove.isPending;
  // The server keeps the primary photo while the car has others (it may go only as the last one): say so up front.
  const keepsPrimary = (image: CarImage) => image.isPrimary && images.length > 1;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="existing-images">
      {images.map((image, index) => (
        <Paper key={image.id} withBorder radius="md" p={6} data-testid="existing-image">
          <Image src={image.variants?.w400 ?? image.url} alt={`Photo ${index + 1}`} h={110} radius="sm" fit="cover" />
          <Stack gap={6} mt={6}>
            {image.isPrimary ? (
              <Badge color="yellow" variant="filled">
                Primary
              </Badge>
            ) : (
              <Button size="compact-xs" variant="light" onClick={() => makePrimary(image)} disabled={busy}>
                Make Primary
              </Button>
            )}
            <Group grow>
              <Button
                size="compact-xs"
                color="red"
                variant="subtle"
                onClick={() => deleteImage(image)}
                disabled={busy || keepsPrimary(image)}
                aria-label={`Delete photo ${index + 1}`}
                aria-describedby={keepsPrimary(image) ? `primary-delete-reason-${image.id}` : undefined}
              >
                Delete
              </Button>
            </Group>
            {keepsPrimary(image) ? (
              <Text id={`primary-delete-reason-${image.id}`} size="xs" c="dimmed">
                {MESSAGES.server.primaryImageDelete}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
