import { SITE_NAME } from '@curbside/shared';
import { ActionIcon, Container, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useIslands } from '../islands/context';
import { CONTACT_EMAIL, SOCIAL_LINKS } from '../lib/constants';
import { ClientOnly } from './ClientOnly';
import classes from './Footer.module.css';

// The sign-up form (with Mantine's inputs) is its own chunk, fetched after the page: no page needs it to render.
const NewsletterForm = lazy(() => import('./NewsletterForm').then((module) => ({ default: module.NewsletterForm })));

const QUICK_LINKS = [
  { label: 'Home', href: '/' },
  { label: 'Gallery', href: '/gallery' },
  { label: 'Leaderboard', href: '/leaderboard' },
  { label: 'Merch', href: '/merch' },
  { label: 'Submit Your Car', href: '/upload' },
];

const RESOURCES = [
  // The spec's 'Upcoming Meets' placeholder: the events screen, by its own name (EVENTS_MESSAGES).
  { label: 'Upcoming Events', href: '/events' },
  { label: 'Terms of Service', href: '/terms-of-service' },
  { label: 'Privacy Policy', href: '/terms-of-service#privacy-policy' },
];

export function Footer() {
  const islands = useIslands();
  // The fallback holds the form's height, so nothing moves when it arrives.
  const formSlot = <div style={{ minHeight: 44 }} />;
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.columns}>
          <Stack gap="xs">
            <Text fw={800} fz="xl" c="bright" tt="uppercase">
              {SITE_NAME}
            </Text>
            <Text size="sm" c="dimmed">
              The community showcase for street-car culture: cars shot at local meets, voted on by enthusiasts, and
              printed for your wall.
            </Text>
            {/* The icons line up with the text (their 44 px targets reach past it). */}
            <Group gap="xs" mt="xs" ml={-12}>
              {SOCIAL_LINKS.map(({ network, href }) => (
                <ActionIcon
                  key={network}
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`${SITE_NAME} on ${network}`}
                >
                  {/* The icons are drawn by the stylesheet (a mask in currentColor): no SVG in the page's script. */}
                  <span className={classes.icon} data-icon={network} />
                </ActionIcon>
              ))}
            </Group>
          </Stack>

          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className={classes.heading}>
              Quick Links
            </h2>
            <ul className={classes.list}>
              {QUICK_LINKS.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources" className={classes.heading}>
              Resources
            </h2>
            <ul className={classes.list}>
              {RESOURCES.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={classes.link}>
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`} className={`${classes.link} ${classes.mail}`}>
                  <span className={classes.icon} data-icon="mail" />
                  Contact Us
                </a>
              </li>
            </ul>
          </nav>

          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className={classes.heading}>
              Newsletter
            </h2>
            <Text size="sm" c="dimmed" mb="sm">
              Meet announcements, new featured cars and the monthly leaderboard winners.
            </Text>
            {import.meta.env.SSR && islands ? (
              // An islands page has the form itself, which the islands' script sends (islands/newsletter.ts).
              <Suspense fallback={formSlot}>
                <NewsletterForm />
              </Suspense>
            ) : (
              <ClientOnly fallback={formSlot}>
                <NewsletterForm />
              </ClientOnly>
            )}
          </section>
        </div>

        <Text size="xs" c="dimmed" className={classes.bottom}>
          © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
