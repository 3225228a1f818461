import { formatLaunchDate, MESSAGES, SITE_NAME } from '@curbside/shared';
import { Anchor, Button, Center, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { CarIcon } from '../components/icons';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

const TEXT = MESSAGES.siteMode;

export interface SiteModePageProps {
  mode: 'maintenance' | 'comingSoon';
  message: string;
  launchDate: string | null;
  isAdmin: boolean;
  signedIn: boolean;
}

/** What non-admins see on every path but /auth while the site is under maintenance or not yet launched (§2). */
export default function SiteModePage({ mode, message, launchDate, isAdmin, signedIn }: SiteModePageProps) {
  const heading = mode === 'maintenance' ? TEXT.maintenanceHeading : TEXT.comingSoonHeading;
  useDocumentTitle(heading);
  const launch = mode === 'comingSoon' ? formatLaunchDate(launchDate) : '';

  return (
    <Container size="sm" component="main">
      <Center mih="100dvh">
        <Stack align="center" gap="lg" ta="center">
          <Group gap={8} c="bright" fw={800} fz="xl" tt="uppercase">
            <CarIcon size={28} color="var(--mantine-primary-color-filled)" />
            {SITE_NAME}
          </Group>
          <Title order={1}>{heading}</Title>
          {message && <Text size="lg">{message}</Text>}
          {mode === 'maintenance' && <Text c="dimmed">{TEXT.maintenanceNote}</Text>}
          {launch && (
            <Stack gap={2} align="center">
              <Text c="dimmed" size="sm" tt="uppercase" fw={700}>
                Launch date
              </Text>
              <Text fz="xl" fw={700}>
                {launch}
              </Text>
            </Stack>
          )}
          {isAdmin && (
            <Group>
              <Button component={Link} href="/admin">
                {TEXT.adminDashboardLink}
              </Button>
              <Button component={Link} href="/?preview=true" variant="outline">
                {TEXT.previewSiteLink}
              </Button>
            </Group>
          )}
          {!signedIn && (
            <Anchor component={Link} href="/auth" size="sm" c="dimmed">
              Staff log in
            </Anchor>
          )}
        </Stack>
      </Center>
    </Container>
  );
}
