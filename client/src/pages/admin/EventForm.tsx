import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { type CarEvent, eventFormSchema, MESSAGES, utcToCentralWallTime } from '@curbside/shared';
import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTRPCClient } from '../../lib/trpc';
import { FormFooter, ImageField } from './form-parts';
import { useRecordForm } from './record-form';

/** The form as typed: the date is Central wall time 'YYYY-MM-DDTHH:mm'; eventFormSchema turns it into UTC. */
export interface EventFormState extends Record<string, unknown> {
  title: string;
  description: string;
  eventDate: string;
  location: string;
  imageUrl: string;
  fbEventUrl: string;
  active: boolean;
}

const emptyEventForm = (): EventFormState => ({
  title: '',
  description: '',
  eventDate: '',
  location: '',
  imageUrl: '',
  fbEventUrl: '',
  active: true,
});

function eventToForm(event: CarEvent): EventFormState {
  return {
    title: event.title,
    description: event.description,
    eventDate: utcToCentralWallTime(event.eventDate),
    location: event.location,
    imageUrl: event.imageUrl,
    fbEventUrl: event.fbEventUrl ?? '',
    active: event.active,
  };
}

/**
 * Create or edit an event (part 2 §5): every field required but the Facebook link; the time is entered in Central
 * time whatever the admin's own zone, and sent as UTC.
 */
export function EventForm({
  event,
  onSaved,
  onCancel,
}: {
  event: CarEvent | null;
  onSaved: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const client = useTRPCClient();
  const { form, onSubmit, saving } = useRecordForm({
    editing: event !== null,
    initialValues: event ? eventToForm(event) : emptyEventForm(),
    emptyValues: emptyEventForm,
    schema: eventFormSchema,
    nameOf: (body) => body.title,
    save: (body) =>
      event ? client.admin.events.update.mutate({ id: event.id, ...body }) : client.admin.events.create.mutate(body),
    onSaved,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Title" withAsterisk key={form.key('title')} {...form.getInputProps('title')} />
          <TextInput label="Location" withAsterisk key={form.key('location')} {...form.getInputProps('location')} />
        </SimpleGrid>
        <Textarea
          label="Description"
          withAsterisk
          rows={3}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="datetime-local"
            label="Date and time (Central time)"
            description="Entered as Chicago time; visitors see it with CST or CDT."
            withAsterisk
            key={form.key('eventDate')}
            {...form.getInputProps('eventDate')}
          />
          <TextInput
            label="Facebook event URL"
            placeholder="https://facebook.com/events/…"
            key={form.key('fbEventUrl')}
            {...form.getInputProps('fbEventUrl')}
          />
        </SimpleGrid>
        <ImageField url={form.values.imageUrl} previewAlt="Event image preview">
          <TextInput
            label="Image URL"
            withAsterisk
            placeholder="https://…"
            key={form.key('imageUrl')}
            {...form.getInputProps('imageUrl')}
          />
        </ImageField>
        <FormFooter
          switches={
            <Switch
              label={MESSAGES.labels.active}
              key={form.key('active')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          }
          editing={event !== null}
          saving={saving}
          submitLabel={event ? 'Update Event' : 'Create Event'}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
