import { type CarEvent, eventUpdateInputSchema } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { assert, describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';
import { type Handlers, ProcedureError } from '../../test/trpc-fake';
import { makeEvent } from './test-fixtures';

const admin = makeUser({ role: 'admin', username: 'boss' });

function renderEvents(handlers: Handlers) {
  return renderApp({ path: '/admin?tab=events', user: admin, handlers });
}

type User = ReturnType<typeof renderApp>['userEvent'];

/** Fills every field; the date is Central wall time as a datetime-local field holds it. */
async function fillForm(user: User, form: HTMLElement, wallTime: string) {
  const f = within(form);
  await user.type(f.getByRole('textbox', { name: /^Title/ }), 'Summer Night Meet');
  await user.type(f.getByRole('textbox', { name: /^Description/ }), 'Bring the whole crew.');
  await user.type(f.getByRole('textbox', { name: /^Location/ }), 'Navy Pier');
  await user.type(f.getByRole('textbox', { name: /^Image URL/ }), 'https://images.example.com/pier.jpg');
  fireEvent.change(f.getByLabelText(/Date and time/), { target: { value: wallTime } });
}

describe('Events tab', () => {
  it('lists every event with its time in Central time and the right CST/CDT label', async () => {
    renderEvents({
      'admin.events.list': () => [
        makeEvent(),
        makeEvent({ id: 4, title: 'Fourth of July Cruise', eventDate: '2027-07-04T17:00:00.000Z', active: false }),
      ],
    });
    const rows = await screen.findAllByTestId('event-row');
    expect(within(rows[0] as HTMLElement).getByText('01/15/2027, 7:30 PM CST')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('07/04/2027, 12:00 PM CDT')).toBeTruthy();
    expect((within(rows[1] as HTMLElement).getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('checks the form with the spec messages before sending anything', async () => {
    const { calls, userEvent: user } = renderEvents({ 'admin.events.list': () => [] });
    const form = await screen.findByRole('form', { name: 'New event' });
    expect((within(form).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(form).getByRole('textbox', { name: /Facebook event URL/ }), 'not a link');
    await user.click(within(form).getByRole('button', { name: 'Create Event' }));

    await within(form).findByText('Event title is required');
    expect(within(form).getByText('Event description is required')).toBeTruthy();
    expect(within(form).getByText('Event date is required')).toBeTruthy();
    expect(within(form).getByText('Event location is required')).toBeTruthy();
    expect(within(form).getByText('Event image URL is required')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid Facebook event URL')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.events.create')).toBe(false);
  });

  it.each([
    ['winter (CST, UTC-6)', '2027-01-15T19:30', '2027-01-16T01:30:00.000Z'],
    ['summer (CDT, UTC-5)', '2027-07-04T12:00', '2027-07-04T17:00:00.000Z'],
  ])('stores a time entered in %s as UTC', async (_season, wallTime, utc) => {
    let events: CarEvent[] = [];
    const { calls, userEvent: user } = renderEvents({
      'admin.events.list': () => events,
      'admin.events.create': (input) => {
        const created = makeEvent({ ...input, id: 11 });
        events = [created];
        return created;
      },
    });
    const form = await screen.findByRole('form', { name: 'New event' });
    await fillForm(user, form, wallTime);
    await user.click(within(form).getByRole('button', { name: 'Create Event' }));

    await screen.findByText('Success!');
    expect(screen.getByText('Summer Night Meet was added.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'admin.events.create')?.input).toEqual({
      title: 'Summer Night Meet',
      description: 'Bring the whole crew.',
      eventDate: utc,
      location: 'Navy Pier',
      imageUrl: 'https://images.example.com/pier.jpg',
      fbEventUrl: null,
      active: true,
    });
    await within(await screen.findByTestId('event-row')).findByText('Summer Night Meet');
    expect((within(form).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe('');
  });

  it('edits an event: the form shows the stored time in Central time and Update Event sends it back as UTC', async () => {
    const { calls, userEvent: user } = renderEvents({
      'admin.events.list': () => [makeEvent()],
      'admin.events.update': (input) => makeEvent(eventUpdateInputSchema.parse(input)),
    });
    await user.click(within(await screen.findByTestId('event-row')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit event' });
    const when = within(form).getByLabelText(/Date and time/) as HTMLInputElement;
    expect(when.value).toBe('2027-01-15T19:30');
    fireEvent.change(when, { target: { value: '2027-01-15T20:00' } });
    await user.click(within(form).getByRole('button', { name: 'Update Event' }));

    await screen.findByText('Success!');
    expect(screen.getByText('Lakefront Cars & Coffee was saved.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'admin.events.update')?.input).toMatchObject({
      id: 3,
      eventDate: '2027-01-16T02:00:00.000Z',
      fbEventUrl: 'https://facebook.com/events/4242',
    });
    await screen.findByRole('form', { name: 'New event' });
  });

  it('switches an event off and deletes one only after confirmation', async () => {
    let events = [makeEvent()];
    const { calls, userEvent: user } = renderEvents({
      'admin.events.list': () => events,
      'admin.events.update': (input) => {
        events = events.map((event) => ({ ...event, ...eventUpdateInputSchema.parse(input) }));
        const [updated] = events;
        assert(updated);
        return updated;
      },
      'admin.events.delete': () => {
        events = [];
      },
    });
    const toggle = (await screen.findByRole('switch', { name: 'Active: Lakefront Cars & Coffee' })) as HTMLInputElement;
    await user.click(toggle);
    await screen.findByText('Success!');
    expect(screen.getByText('Lakefront Cars & Coffee is now inactive.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'admin.events.update')?.input).toEqual({ id: 3, active: false });
    await waitFor(() => expect(toggle.checked).toBe(false));

    await user.click(within(screen.getByTestId('event-row')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lakefront Cars & Coffee?' });
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'admin.events.delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('event-row')).toBeNull());
    await screen.findByText('Lakefront Cars & Coffee was deleted.');
    expect(calls.find((c) => c.path === 'admin.events.delete')?.input).toEqual({ id: 3 });
  });

  it('shows the server refusal of a change and keeps the switch as it was', async () => {
    const { userEvent: user } = renderEvents({
      'admin.events.list': () => [makeEvent()],
      'admin.events.update': () => {
        throw new ProcedureError('NOT_FOUND', 'Event not found');
      },
    });
    const toggle = (await screen.findByRole('switch', { name: 'Active: Lakefront Cars & Coffee' })) as HTMLInputElement;
    await user.click(toggle);
    await screen.findByText('Update failed');
    expect(screen.getByText('Event not found')).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });

  it('says when the events cannot be loaded', async () => {
    renderEvents({
      'admin.events.list': () => {
        throw new ProcedureError('INTERNAL_SERVER_ERROR', 'boom');
      },
    });
    await screen.findByText('Failed to fetch events');
  });
});
