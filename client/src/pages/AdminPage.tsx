import '@mantine/core/styles/Tabs.css';
import { MESSAGES } from '@curbside/shared';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { type ComponentType, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { AdsTab } from './admin/AdsTab';
import { ApiTokensTab } from './admin/ApiTokensTab';
import tabClasses from './admin/admin-tabs.module.css';
import { CarsTab } from './admin/CarsTab';
import { EventsTab } from './admin/EventsTab';
import { FairVotesTab } from './admin/FairVotesTab';
import { OrdersTab } from './admin/OrdersTab';
import { ProductsTab } from './admin/ProductsTab';
import { ReviewTab } from './admin/ReviewTab';
import { SettingsTab } from './admin/SettingsTab';
import { StatsTab } from './admin/StatsTab';
import { SubmissionsTab } from './admin/SubmissionsTab';
import { UsersTab } from './admin/UsersTab';

const L = MESSAGES.labels;

/**
 * The eight tabs of part 2 §2, in order, with Fair Votes (issue 41) after Statistics, then API Tokens, Users and Review
 * (chosen; the copied photos are a section of Review); the value is what ?tab= holds.
 */
export const ADMIN_TABS = [
  { value: 'cars', label: L.manageCars, Panel: CarsTab },
  { value: 'submissions', label: 'Submissions', Panel: SubmissionsTab },
  { value: 'products', label: 'Products', Panel: ProductsTab },
  { value: 'orders', label: L.orderManagement, Panel: OrdersTab },
  { value: 'events', label: 'Events', Panel: EventsTab },
  { value: 'ads', label: L.advertisements, Panel: AdsTab },
  { value: 'statistics', label: 'Statistics', Panel: StatsTab },
  { value: 'fair-votes', label: MESSAGES.fairVotes.tab, Panel: FairVotesTab },
  { value: 'site-settings', label: 'Site Settings', Panel: SettingsTab },
  { value: 'api-tokens', label: MESSAGES.apiTokens.title, Panel: ApiTokensTab },
  { value: 'users', label: MESSAGES.suspensions.tab.title, Panel: UsersTab },
  { value: 'review', label: MESSAGES.moderation.reviewTab, Panel: ReviewTab },
] as const satisfies readonly { value: string; label: string; Panel: ComponentType }[];

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
const DEFAULT_TAB: AdminTab = 'cars';

function tabFromSearch(search: string): AdminTab {
  const wanted = new URLSearchParams(search).get('tab');
  return ADMIN_TABS.find((tab) => tab.value === wanted)?.value ?? DEFAULT_TAB;
}

/**
 * /admin (part 2 §2), admins only; a lazy route chunk. The active tab lives in the address (?tab=orders) so reload,
 * links and the back button keep it; only the active tab is mounted, so only it asks the server for data.
 */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const search = useSearch();
  const [, navigate] = useLocation();
  const active = tabFromSearch(search);
  const list = useRef<HTMLDivElement>(null);
  // On a phone the list scrolls sideways: keep the open tab in sight (e.g. Site Settings opened from a link).
  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-tab="${active}"]`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    // The header's width, so the dashboard's left edge lines up with the logo; wide tables scroll inside it.
    <Container size="lg">
      <Stack gap="lg">
        <Title order={1}>Admin Dashboard</Title>
        <Tabs
          value={active}
          onChange={(value) => {
            if (value && value !== active) navigate(`/admin?tab=${value}`);
          }}
          keepMounted={false}
        >
          <Tabs.List ref={list} className={tabClasses.list}>
            {ADMIN_TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} className={tabClasses.tab} data-tab={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {ADMIN_TABS.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value} pt="lg" className={tabClasses.panel}>
              <Panel />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
