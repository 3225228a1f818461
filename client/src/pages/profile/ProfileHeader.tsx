import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import { MESSAGES, type User } from '@curbside/shared';
import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

export const memberSince = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Avatar, name or username, e-mail, role badge (admins and owners), 'Member since' date and bio (part 1 §2 My Profile). */
export function ProfileHeader({ user }: { user: User }) {
  const name = user.name || user.username;
  const role = MESSAGES.profile.roleBadge[user.role];
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Avatar src={user.profilePicture} alt={`${name}'s profile picture`} size={96} radius={96} color="yellow">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} fz="h2">
              {name}
            </Title>
            {role ? (
              <Badge color={user.role === 'admin' ? 'red' : 'blue'} variant="light">
                {role}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed">{user.email}</Text>
          <Text size="sm" c="dimmed">
            Member since {memberSince(user.createdAt)}
          </Text>
          {user.bio ? (
            <Text mt="xs" style={{ whiteSpace: 'pre-line' }} data-testid="profile-bio">
              {user.bio}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
