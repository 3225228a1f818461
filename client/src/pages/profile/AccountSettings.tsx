import { LIMITS, MESSAGES, type User } from '@curbside/shared';
import '@mantine/core/styles/PasswordInput.css';
import {
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { uploadFile } from '../../components/upload/upload-file';
import { notifyError, notifyToast } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';

const P = MESSAGES.profile;
const AVATAR_MAX_MB = LIMITS.avatarMaxBytes / 1024 / 1024;

/** Puts the changed user in the cache at once, then re-reads it (part 1 §6: refreshed after profile changes). */
export function useUserRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(trpc.accounts.me.queryKey(), user);
    void queryClient.invalidateQueries({ queryKey: trpc.accounts.me.queryKey() });
  };
}

/** A card of My Profile's settings: a heading, what it does, then its controls. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** Display Name, E-mail Address, Biography and Profile Picture cards. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <Stack>
      <DisplayNameCard user={user} />
      <EmailCard />
      <BiographyCard user={user} />
      <PictureCard />
    </Stack>
  );
}

function DisplayNameCard({ user }: { user: User }) {
  const trpc = useTRPC();
  const refresh = useUserRefresh();
  const [name, setName] = useState(user.name ?? '');
  const update = useMutation(trpc.profile.update.mutationOptions());
  const save = () => {
    if (!name.trim()) {
      notifyError(P.nameRequired);
      return;
    }
    update.mutate(
      { name },
      {
        onSuccess: (fresh) => {
          refresh(fresh);
          notifyToast(P.nameUpdated);
        },
        onError: (error) => notifyError(P.updateFailed, error),
      },
    );
  };
  return (
    <SettingsCard title="Display Name" description="The name shown on your profile and your cars.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        noValidate
      >
        <Group align="flex-end">
          <TextInput
            label="Display Name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={LIMITS.nameMax}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={update.isPending}>
            Save Name
          </Button>
        </Group>
      </form>
    </SettingsCard>
  );
}

/** A new address waits as pending until the link mailed to it is followed (the notice above the tabs says so). */
function EmailCard() {
  const trpc = useTRPC();
  const refresh = useUserRefresh();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const change = useMutation(trpc.profile.changeEmail.mutationOptions());
  return (
    <SettingsCard title={P.emailTitle} description={P.emailDescription}>
      <form
        aria-label={P.emailTitle}
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { email, currentPassword },
            {
              onSuccess: (fresh) => {
                refresh(fresh);
                setCurrentPassword('');
                if (fresh.pendingEmail) notifyToast(P.emailChangeRequested(fresh.pendingEmail));
              },
              onError: (error) => notifyError(P.emailChangeFailed, error),
            },
          );
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={P.newEmailLabel}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={P.currentPasswordLabel}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {P.changeEmailButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function BiographyCard({ user }: { user: User }) {
  const trpc = useTRPC();
  const refresh = useUserRefresh();
  const [bio, setBio] = useState(user.bio ?? '');
  const update = useMutation(trpc.profile.update.mutationOptions());
  return (
    <SettingsCard title="Biography" description="Tell other enthusiasts about yourself and your cars.">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { bio },
            {
              onSuccess: (fresh) => {
                refresh(fresh);
                notifyToast(P.profileUpdated);
              },
              onError: (error) => notifyError(P.updateFailed, error),
            },
          );
        }}
        noValidate
      >
        <Stack>
          <Textarea
            label="Biography"
            value={bio}
            onChange={(event) => setBio(event.currentTarget.value)}
            rows={3}
            maxLength={LIMITS.bioMax}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save Biography
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}

function PictureCard() {
  const refresh = useUserRefresh();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    if (file.size > LIMITS.avatarMaxBytes) {
      notifyError({
        title: P.uploadFailed.title,
        message: `${P.uploadFailed.message}: ${MESSAGES.server.fileTooLarge(AVATAR_MAX_MB)}`,
      });
      return;
    }
    setUploading(true);
    try {
      const user = await uploadFile<User>({ url: '/api/profile/picture', fileField: 'profilePicture', file });
      refresh(user);
      notifyToast(P.uploadSuccessful);
    } catch (error) {
      const reason = error instanceof Error ? error.message : '';
      notifyError({
        title: P.uploadFailed.title,
        message: reason ? `${P.uploadFailed.message}: ${reason}` : P.uploadFailed.message,
      });
    } finally {
      setUploading(false);
    }
  };
  return (
    <SettingsCard title="Profile Picture" description={`Images only, maximum ${AVATAR_MAX_MB}MB.`}>
      <Group>
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp,image/gif,image/avif">
          {(props) => (
            <Button {...props} loading={uploading} variant="light">
              Upload Picture
            </Button>
          )}
        </FileButton>
      </Group>
    </SettingsCard>
  );
}
