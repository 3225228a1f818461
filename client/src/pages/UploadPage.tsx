import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  CAR_CATEGORIES,
  type Car,
  type CarImage,
  carFormSchema,
  MESSAGES,
  UPLOAD_PHOTO_MESSAGES,
} from '@curbside/shared';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LoadError } from '../components/LoadError';
import { PageLoader } from '../components/PageLoader';
import { type PendingPhoto, PhotoDropzone, rejectionMessage, toPendingPhoto } from '../components/upload/PhotoDropzone';
import { uploadFile } from '../components/upload/upload-file';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { trpcErrorCode } from '../lib/errors';
import { notifyError, notifyToast } from '../lib/notify';
import { useTRPC } from '../lib/trpc';
import { type CarFormState, carToForm, emptyCarForm } from './upload/car-form-values';
import { ExistingImages } from './upload/ExistingImages';
import { SignedOutPanel } from './upload/SignedOutPanel';

const U = MESSAGES.upload;

/** /upload (new car) and /upload?edit={carId} (part 2 §2, §4, §5). */
export default function UploadPage() {
  const editParam = new URLSearchParams(useSearch()).get('edit');
  const editId = editParam && /^\d+$/.test(editParam) ? Number(editParam) : null;
  const { user, isLoading, isAdmin } = useCurrentUser();
  const trpc = useTRPC();
  const carQuery = useQuery({
    ...trpc.cars.byId.queryOptions({ id: editId ?? 0 }),
    enabled: editId !== null && !!user,
    retry: false,
  });
  // A car without a photo yet is no public car: its owner finds it among their own (My Vehicles).
  const ownQuery = useQuery({ ...trpc.cars.owned.queryOptions(), enabled: editId !== null && carQuery.isError });
  useDocumentTitle(editId ? 'Edit Your Car' : 'Submit Your Car');

  if (isLoading) return <PageLoader />;
  if (!user) return <SignedOutPanel />;
  if (editId !== null) {
    const car = carQuery.data ?? ownQuery.data?.find((own) => own.id === editId);
    if (carQuery.isPending || (carQuery.isError && ownQuery.isPending)) return <PageLoader />;
    if (!car && carQuery.isError && trpcErrorCode(carQuery.error) !== 'NOT_FOUND') {
      return (
        <Container size={520} py="xl">
          <LoadError message={MESSAGES.fetchErrors.carDetails} explanation={MESSAGES.loadError.car} query={carQuery} />
        </Container>
      );
    }
    if (!car) return <Notice title={MESSAGES.carDetail.notFound} text={MESSAGES.server.carNotFound} />;
    if (!isAdmin && car.ownerId !== user.id) {
      return <Notice title="Not your car" text={MESSAGES.server.notOwner} />;
    }
    return <CarEditor key={car.id} car={car} isAdmin={isAdmin} defaultOwner="" />;
  }
  return <CarEditor car={null} isAdmin={isAdmin} defaultOwner={user.name ?? user.username} />;
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <Container size={520} py="xl">
      <Stack align="center" ta="center">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text>{text}</Text>
        <Button component={Link} href="/gallery" variant="light">
          Back to Gallery
        </Button>
      </Stack>
    </Container>
  );
}

function CarEditor({ car, isAdmin, defaultOwner }: { car: Car | null; isAdmin: boolean; defaultOwner: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [saving, setSaving] = useState(false);
  const create = useMutation(trpc.cars.create.mutationOptions());
  const update = useMutation(trpc.cars.update.mutationOptions());
  const form = useForm<CarFormState>({
    mode: 'uncontrolled',
    initialValues: car ? carToForm(car) : emptyCarForm(defaultOwner),
    validate: schemaResolver(carFormSchema, { sync: true }),
  });
  const isEdit = car !== null;

  const patchPhoto = (id: string, change: Partial<PendingPhoto>) =>
    setPhotos((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  /** Sends the new photos one by one; a failure is reported and the others still go. Returns how many failed. */
  async function uploadPhotos(carId: number, carHasImages: boolean): Promise<number> {
    let failed = 0;
    for (const [index, photo] of photos.entries()) {
      patchPhoto(photo.id, { status: 'uploading', progress: 0, error: undefined });
      try {
        await uploadFile<CarImage>({
          url: '/api/images',
          fileField: 'image',
          file: photo.file,
          fields: { carId: String(carId), isPrimary: String(!carHasImages && index === 0) },
          onProgress: (progress) => patchPhoto(photo.id, { progress }),
        });
        patchPhoto(photo.id, { status: 'done', progress: 100 });
      } catch (error) {
        failed++;
        const reason = error instanceof Error ? error.message : '';
        patchPhoto(photo.id, { status: 'failed', error: reason });
        const toast = U.imageUploadFailed(index + 1);
        notifyError({ title: toast.title, message: reason ? `${toast.message}: ${reason}` : toast.message });
      }
    }
    return failed;
  }

  const onSubmit = form.onSubmit(async (values) => {
    if (!isEdit && photos.length === 0) {
      notifyError(U.imagesRequired);
      return;
    }
    const body = carFormSchema.parse(values);
    setSaving(true);
    let saved: Car;
    try {
      saved = car
        ? await update.mutateAsync({ id: car.id, ...body, ...(isAdmin ? { featured: values.featured } : {}) })
        : await create.mutateAsync(body);
    } catch (error) {
      if (trpcErrorCode(error) === 'UNAUTHORIZED') notifyError(U.loginToSubmit);
      else notifyError({ title: car ? U.updateFailed : U.createFailed }, error);
      setSaving(false);
      return;
    }
    const failed = await uploadPhotos(saved.id, saved.images.length > 0);
    await queryClient.invalidateQueries({ queryKey: trpc.cars.pathKey() });
    if (failed === 0) {
      const name = `${saved.year} ${saved.make} ${saved.model}`;
      notifyToast(car ? MESSAGES.admin.done.carSaved(name) : MESSAGES.admin.done.carSubmitted(name));
    }
    setSaving(false);
    // Public once a photo is stored; until then its page would be "Car not found", so the owner stays here, where
    // the car waits for a photo.
    const listed = saved.published || failed < photos.length;
    if (!listed) {
      setPhotos((list) => list.filter((p) => p.status !== 'failed'));
      navigate(`/upload?edit=${saved.id}`, { replace: !car });
      return;
    }
    navigate(`/cars/${saved.slug}`);
  });

  // Leaving the page while photos go up would lose them silently.
  useEffect(() => {
    if (!saving) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saving]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{isEdit ? 'Edit Your Car' : 'Submit Your Car'}</Title>
          <Text c="dimmed">
            {isEdit
              ? 'Update the details and photos of your car.'
              : 'Tell the community about your car and upload your photos.'}
          </Text>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label={isEdit ? 'Edit car' : 'Submit car'}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <Title order={2} fz="h4">
                  Vehicle Details
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Make" withAsterisk key={form.key('make')} {...form.getInputProps('make')} />
                  <TextInput label="Model" withAsterisk key={form.key('model')} {...form.getInputProps('model')} />
                  <TextInput
                    label="Year"
                    withAsterisk
                    inputMode="numeric"
                    maxLength={4}
                    key={form.key('year')}
                    {...form.getInputProps('year')}
                  />
                  <TextInput
                    label="Owner Name"
                    withAsterisk
                    key={form.key('ownerName')}
                    {...form.getInputProps('ownerName')}
                  />
                  <NativeSelect
                    label="Category"
                    withAsterisk
                    data={[{ value: '', label: 'Select a category' }, ...CAR_CATEGORIES]}
                    key={form.key('category')}
                    {...form.getInputProps('category')}
                  />
                </SimpleGrid>
                <Title order={2} fz="h4" mt="sm">
                  Specifications
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Engine"
                    placeholder="e.g. 2JZ-GTE"
                    key={form.key('engine')}
                    {...form.getInputProps('engine')}
                  />
                  <TextInput
                    label="Horsepower"
                    placeholder="e.g. 320"
                    key={form.key('horsepower')}
                    {...form.getInputProps('horsepower')}
                  />
                  <TextInput
                    label="Transmission"
                    placeholder="e.g. 6-speed manual"
                    key={form.key('transmission')}
                    {...form.getInputProps('transmission')}
                  />
                  <TextInput
                    label="Drivetrain"
                    placeholder="e.g. RWD"
                    key={form.key('drivetrain')}
                    {...form.getInputProps('drivetrain')}
                  />
                </SimpleGrid>
                <Checkbox
                  label="Modified"
                  key={form.key('modified')}
                  {...form.getInputProps('modified', { type: 'checkbox' })}
                />
                <Textarea
                  label="Specs"
                  description="An overview of the specifications"
                  rows={3}
                  key={form.key('specs')}
                  {...form.getInputProps('specs')}
                />
                <Textarea
                  label="Story"
                  description="The story of your car"
                  rows={4}
                  key={form.key('story')}
                  {...form.getInputProps('story')}
                />
                {isEdit && isAdmin ? (
                  <Checkbox
                    label="Featured"
                    key={form.key('featured')}
                    {...form.getInputProps('featured', { type: 'checkbox' })}
                  />
                ) : null}
              </Stack>
            </Paper>

            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <Title order={2} fz="h4">
                  Photos
                </Title>
                {car && car.images.length === 0 ? (
                  <Alert
                    color="yellow"
                    variant="light"
                    title={UPLOAD_PHOTO_MESSAGES.notListed.title}
                    data-testid="not-listed"
                  >
                    {UPLOAD_PHOTO_MESSAGES.notListed.message}
                  </Alert>
                ) : null}
                {car ? <ExistingImages carId={car.id} images={car.images} /> : null}
                <PhotoDropzone
                  photos={photos}
                  disabled={saving}
                  onAdd={(files) => setPhotos((list) => [...list, ...files.map(toPendingPhoto)])}
                  onRemove={(id) => setPhotos((list) => list.filter((p) => p.id !== id))}
                  onReject={(rejections) =>
                    notifyError({ title: MESSAGES.photoPicker.filesNotAdded, message: rejectionMessage(rejections) })
                  }
                />
              </Stack>
            </Paper>

            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <Checkbox
                  label="I confirm that I own this car or have permission to share it, and I agree to the terms of service for uploading my car and photos."
                  key={form.key('legalAgreement')}
                  {...form.getInputProps('legalAgreement', { type: 'checkbox' })}
                />
                {saving ? (
                  <Alert color="blue" variant="light">
                    Saving your car and uploading photos… please keep this page open.
                  </Alert>
                ) : null}
                <Group justify="flex-end">
                  <Button variant="default" component={Link} href="/gallery" disabled={saving}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={saving}>
                    {isEdit ? 'Save Changes' : 'Submit Car'}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
