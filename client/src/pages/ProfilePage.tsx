import '@mantine/core/styles/Tabs.css';
import { MESSAGES } from '@curbside/shared';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { ApiTokensPanel } from '../components/ApiTokensPanel';
import { PageLoader } from '../components/PageLoader';
import { useCurrentUser } from '../hooks/useCurrentUser';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { notifyError } from '../lib/notify';
import { AccountSettings } from './profile/AccountSettings';
import { EmailVerificationNotice } from './profile/EmailVerificationNotice';
import { MyVehicles } from './profile/MyVehicles';
import { ProfileHeader } from './profile/ProfileHeader';
import { SecuritySettings } from './profile/SecuritySettings';

/** Tokens made on My Profile; admins make admin-scoped ones on the admin dashboard. */
const USER_TOKEN_SCOPES = ['read', 'write'] as const;

/** /user/profile (part 1 §2 My Profile): the header, My Vehicles, then the settings tabs, API Tokens among them (chosen). */
export default function ProfilePage() {
  useDocumentTitle('My Profile');
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!isLoading && !user) {
      notifyError(MESSAGES.profile.loginRequired);
      navigate('/auth', { replace: true });
    }
  }, [isLoading, user, navigate]);

  if (!user) return <PageLoader />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <ProfileHeader user={user} />
        <EmailVerificationNotice user={user} />
        <MyVehicles />
        <Stack component="section" gap="md" aria-labelledby="profile-settings">
          <Title order={2} id="profile-settings">
            {MESSAGES.profile.settingsTitle}
          </Title>
          <Tabs defaultValue="account" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="account">Account Settings</Tabs.Tab>
              <Tabs.Tab value="security">Security</Tabs.Tab>
              <Tabs.Tab value="api-tokens">{MESSAGES.apiTokens.title}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="account">
              <AccountSettings user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="security">
              <SecuritySettings />
            </Tabs.Panel>
            <Tabs.Panel value="api-tokens">
              <ApiTokensPanel scopes={USER_TOKEN_SCOPES} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Stack>
    </Container>
  );
}
