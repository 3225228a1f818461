import '@mantine/core/styles/List.css';
import { SITE_NAME } from '@curbside/shared';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { CONTACT_EMAIL } from '../lib/constants';

// Static legal text (spec part 1 §2 Terms): the privacy policy sits at #privacy-policy.
export default function TermsPage() {
  useDocumentTitle('Terms of Service');

  // Links from elsewhere in the app (/terms-of-service#privacy-policy) arrive without a page load: scroll ourselves.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <Container size="md">
      <Stack gap="lg">
        <Title order={1}>Terms of Service</Title>
        <Text c="dimmed">These terms apply to everyone who uses {SITE_NAME}.</Text>

        <Title order={2}>Using the site</Title>
        <List spacing="xs">
          <List.Item>
            Voting is limited to keep the leaderboard fair; for example, 1 vote per car per IP address per day. Attempts
            to get around the limit may remove the votes concerned.
          </List.Item>
          <List.Item>You must be at least 18 years old to upload photos or make purchases.</List.Item>
          <List.Item>
            By submitting a car you confirm that you own the photos you upload or have the right to share them, and you
            allow {SITE_NAME} to show them on the site and offer them as prints.
          </List.Item>
          <List.Item>Content that is unlawful, offensive or not about the car may be removed without notice.</List.Item>
        </List>

        <Title order={2}>Orders</Title>
        <Text>
          Prices are shown in US dollars. Prints are made to order; merchandise ships from stock. Sales tax and shipping
          are shown before you pay.
        </Text>

        <Title order={2} id="privacy-policy" style={{ scrollMarginTop: 96 }}>
          Privacy Policy
        </Title>
        <Text>
          We keep the data needed to run your account and your orders: your e-mail address, username, optional name,
          biography and profile picture, your cars and photos, your votes, and your orders with their shipping address.
          Payments are handled by our card payment provider; we never see or store your card number.
        </Text>
        <Text>
          We use a single session cookie to keep you signed in. Votes record the voting IP address to enforce the voting
          limit. We do not sell your data. Newsletter subscribers can unsubscribe at any time.
        </Text>
        <Text>
          Questions or requests about your data:{' '}
          <Anchor href={`mailto:${CONTACT_EMAIL}`} underline="always">
            {CONTACT_EMAIL}
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
