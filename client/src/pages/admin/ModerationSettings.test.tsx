import { MESSAGES, MODERATION_SETTINGS_DEFAULTS } from '@curbside/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderApp } from '../../test/render';

const M = MESSAGES.moderation;

describe('Site Settings tab, moderation', () => {
  it('shows the three settings with their defaults and saves them', async () => {
    const { calls, userEvent: user } = renderApp({
      path: '/admin?tab=site-settings',
      user: makeUser({ role: 'admin' }),
      handlers: {
        'admin.settings.moderation': () => ({ ...MODERATION_SETTINGS_DEFAULTS }),
        'admin.settings.updateModeration': (input) => ({ ...MODERATION_SETTINGS_DEFAULTS, ...input }),
      },
    });
    const form = within(await screen.findByRole('form', { name: M.settingsTitle }));
    const threshold = await form.findByRole('textbox', { name: M.holdThreshold });
    expect(threshold).toHaveProperty('value', '3');
    const approval = form.getByRole('switch', { name: new RegExp(M.reviewNewCars) });
    expect(approval).toHaveProperty('checked', false);
    const edits = form.getByRole('switch', { name: new RegExp(M.reviewEdits) });
    expect(edits).toHaveProperty('checked', false);

    fireEvent.change(threshold, { target: { value: '5' } });
    await user.click(edits);
    await user.click(form.getByRole('button', { name: MESSAGES.moderation.saveSettings }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'admin.settings.updateModeration')?.input).toEqual({
        reportHoldThreshold: 5,
        reviewNewCars: false,
        reviewEdits: true,
      }),
    );
    await screen.findByText(M.settingsSaved);
  });
});
