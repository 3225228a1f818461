import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import { MESSAGES, MODERATION_LIMITS, type ModerationSettings } from '@curbside/shared';
import { Button, NumberInput, Paper, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const M = MESSAGES.moderation;

/**
 * The moderation part of Site Settings: the reports that hold a car, whether new cars wait for approval, and whether a
 * member's edit of an approved car waits for it again.
 */
export function ModerationSettingsForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.settings.moderation.queryOptions());
  const save = useMutation(trpc.admin.settings.updateModeration.mutationOptions());
  const [form, setForm] = useState<ModerationSettings | null>(null);

  useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);

  if (settings.isError) return <LoadError message={MESSAGES.server.internal} query={settings} />;
  if (!form) return <PageLoader />;

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.admin.settings.moderation.queryKey(), saved);
        setForm(saved);
        notifyToast({ title: M.settingsSaved });
      },
      onError: (error) => notifyError(MESSAGES.admin.saveFailed, error),
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={onSubmit} noValidate aria-label={M.settingsTitle}>
        <Stack>
          <Title order={2} size="h3">
            {M.settingsTitle}
          </Title>
          <NumberInput
            label={M.holdThreshold}
            description={M.holdThresholdHelp}
            min={MODERATION_LIMITS.holdThresholdMin}
            max={MODERATION_LIMITS.holdThresholdMax}
            allowDecimal={false}
            value={form.reportHoldThreshold}
            onChange={(value) =>
              setForm({ ...form, reportHoldThreshold: typeof value === 'number' ? value : Number(value) || 1 })
            }
            maw={240}
          />
          <Switch
            label={M.reviewNewCars}
            description={M.reviewNewCarsHelp}
            checked={form.reviewNewCars}
            onChange={(event) => setForm({ ...form, reviewNewCars: event.currentTarget.checked })}
          />
          <Switch
            label={M.reviewEdits}
            description={M.reviewEditsHelp}
            checked={form.reviewEdits}
            onChange={(event) => setForm({ ...form, reviewEdits: event.currentTarget.checked })}
          />
          <Button type="submit" disabled={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {save.isPending ? MESSAGES.admin.saving : M.saveSettings}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
