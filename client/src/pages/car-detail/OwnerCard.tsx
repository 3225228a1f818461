import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { type Car, MESSAGES } from '@curbside/shared';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';

/** Meet the Owner: picture, name or 'Car Enthusiast', 'Verified Owner' for the owner role, bio. */
export function OwnerCard({ car }: { car: Car }) {
  const owner = car.ownerDetails;
  const name = owner?.name || car.ownerName || MESSAGES.carDetail.ownerNameFallback;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Meet the Owner
      </Title>
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={owner?.profilePicture ?? undefined} alt={name} radius="xl" size="lg" name={name} />
        <Stack gap={4}>
          <Text fw={600}>{name}</Text>
          <Badge variant="light" color={owner?.role === 'owner' ? 'teal' : 'gray'} w="fit-content">
            {owner?.role === 'owner' ? MESSAGES.carDetail.verifiedOwner : MESSAGES.carDetail.memberLabel}
          </Badge>
          {owner?.bio ? (
            <Text size="sm" c="dimmed">
              {owner.bio}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
