import '@mantine/core/styles/PasswordInput.css';
import { MESSAGES, type PasswordChangeFormValues, passwordChangeFormSchema } from '@curbside/shared';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { SettingsCard } from './AccountSettings';
import { useLogoutEverywhere } from './useLogoutEverywhere';

const P = MESSAGES.profile;
const V = MESSAGES.validation;

/** The toast for the first rule the form breaks (part 1 §5, §8), in the order the fields appear. */
function validationToast(errors: Record<string, unknown>) {
  if (errors.currentPassword) return P.currentPasswordRequired;
  if (errors.newPassword === V.newPasswordRequired) return P.newPasswordRequired;
  if (errors.newPassword) return P.passwordTooShort;
  if (errors.confirmPassword) return P.passwordsDontMatch;
  return null;
}

/** The Security tab: Change Password, then Sign Out Everywhere. */
export function SecuritySettings() {
  return (
    <Stack>
      <ChangePassword />
      <SignOutEverywhere />
    </Stack>
  );
}

/** Change Password; the fields clear after a success. This browser stays signed in, every other one is signed out. */
function ChangePassword() {
  const trpc = useTRPC();
  const change = useMutation(trpc.profile.changePassword.mutationOptions());
  const form = useForm<PasswordChangeFormValues>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(passwordChangeFormSchema, { sync: true }),
  });
  const onSubmit = form.onSubmit(
    (values) =>
      change.mutate(
        { currentPassword: values.currentPassword, newPassword: values.newPassword },
        {
          onSuccess: () => {
            form.reset();
            notifyToast(P.passwordUpdated);
          },
          onError: (error) => notifyError(P.passwordUpdateFailed, error),
        },
      ),
    (errors) => {
      const toast = validationToast(errors);
      if (toast) notifyError(toast);
    },
  );
  return (
    <Paper withBorder radius="lg" p="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack>
          <div>
            <Title order={2} fz="h4">
              Change Password
            </Title>
            <Text size="sm" c="dimmed">
              Changing your password signs you out on every other device.
            </Text>
          </div>
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Ends every session of the account, this one too; the box also revokes every API token (off by default). */
function SignOutEverywhere() {
  const [revokeTokens, setRevokeTokens] = useState(false);
  const { logoutEverywhere, isPending } = useLogoutEverywhere();
  return (
    <SettingsCard title={P.signOutEverywhereTitle} description={P.signOutEverywhereDescription}>
      <Checkbox
        label={P.signOutEverywhereRevokeTokens}
        checked={revokeTokens}
        onChange={(event) => setRevokeTokens(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button color="red" variant="light" loading={isPending} onClick={() => logoutEverywhere(revokeTokens)}>
          {P.signOutEverywhereButton}
        </Button>
      </Group>
    </SettingsCard>
  );
}
