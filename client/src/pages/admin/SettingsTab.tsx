import '@mantine/core/styles/Switch.css';
import { MESSAGES, type SiteSettings, siteSettingsUpdateInputSchema } from '@curbside/shared';
import { Button, Paper, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { PageLoader } from '../../components/PageLoader';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { ModerationSettingsForm } from './ModerationSettings';

const A = MESSAGES.admin;

type SettingsForm = Omit<SiteSettings, 'launchDate'> & { launchDate: string };

const toForm = (settings: SiteSettings): SettingsForm => ({ ...settings, launchDate: settings.launchDate ?? '' });

/**
 * Site Settings (part 2 §2): the two site modes with their messages and the launch date. Saving sends all five
 * fields (a blank launch date is null); the settings every page reads are refreshed at once, so the admin sees the
 * preview banner straight away.
 */
export function SettingsTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.get.queryOptions());
  const save = useMutation(trpc.admin.settings.update.mutationOptions());
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [launchDateError, setLaunchDateError] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data && !form) setForm(toForm(settings.data));
  }, [settings.data, form]);

  if (settings.isError) {
    return <LoadError message={MESSAGES.server.internal} explanation={MESSAGES.loadError.settings} query={settings} />;
  }
  if (!form) return <PageLoader />;

  const change = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = siteSettingsUpdateInputSchema.safeParse(form);
    if (!parsed.success) {
      setLaunchDateError(parsed.error.issues[0]?.message ?? MESSAGES.validation.launchDateInvalid);
      return;
    }
    setLaunchDateError(null);
    save.mutate(
      { ...form, launchDate: form.launchDate || null },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(trpc.settings.get.queryKey(), saved);
          setForm(toForm(saved));
          notifyToast(A.done.settingsSaved);
        },
        onError: (error) => notifyError(A.saveFailed, error),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md" maw={720}>
        <form onSubmit={onSubmit} noValidate aria-label="Site settings">
          <Stack>
            <Title order={2} size="h3">
              Site Settings
            </Title>
            <Switch
              label="Maintenance Mode"
              description="Everyone but admins sees the maintenance page (signing in stays open)."
              checked={form.maintenanceMode}
              onChange={(event) => change('maintenanceMode', event.currentTarget.checked)}
            />
            <Textarea
              label="Maintenance Message"
              rows={2}
              value={form.maintenanceMessage}
              onChange={(event) => change('maintenanceMessage', event.currentTarget.value)}
            />
            <Switch
              label="Coming Soon Mode"
              description="Everyone but admins sees the coming-soon page with the launch date."
              checked={form.comingSoonMode}
              onChange={(event) => change('comingSoonMode', event.currentTarget.checked)}
            />
            <Textarea
              label="Coming Soon Message"
              rows={2}
              value={form.comingSoonMessage}
              onChange={(event) => change('comingSoonMessage', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Launch Date"
              description="Shown on the coming-soon page. Leave empty for none."
              value={form.launchDate}
              error={launchDateError}
              onChange={(event) => {
                change('launchDate', event.currentTarget.value);
                setLaunchDateError(null);
              }}
            />
            {form.maintenanceMode && form.comingSoonMode && (
              <Text size="sm" c="dimmed">
                Both modes are on: visitors see the maintenance page.
              </Text>
            )}
            <Button type="submit" disabled={save.isPending} style={{ alignSelf: 'flex-start' }}>
              {save.isPending ? A.saving : MESSAGES.labels.saveSettings}
            </Button>
          </Stack>
        </form>
      </Paper>
      <ModerationSettingsForm />
    </Stack>
  );
}
