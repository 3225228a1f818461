import '@mantine/core/styles/Tabs.css';
import { MESSAGES } from '@curbside/shared';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { type ComponentType, Fragment, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useScrollEdges } from '../hooks/useScrollEdges';
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
 * The eight tabs of part 2 §2, in order, then API Tokens; then the trust and safety group (issue 41): Review, Users
 * (suspensions) and Fair Votes, kept together at the end so the dashboard can show them as a group of their own (the
 * copied photos are a section of Review). The value is what ?tab= holds.
 */
export const ADMIN_TABS = [
  { value: 'cars', label: L.manageCars, Panel: CarsTab },
  { value: 'submissions', label: 'Submissions', Panel: SubmissionsTab },
  { value: 'products', label: 'Products', Panel: ProductsTab },
  { value: 'orders', label: L.orderManagement, Panel: OrdersTab },
  { value: 'events', label: 'Events', Panel: EventsTab },
  { value: 'ads', label: L.advertisements, Panel: AdsTab },
  { value: 'statistics', label: 'Statistics', Panel: StatsTab },
  { value: 'site-settings', label: 'Site Settings', Panel: SettingsTab },
  { value: 'api-tokens', label: MESSAGES.apiTokens.title, Panel: ApiTokensTab },
  { value: 'review', label: MESSAGES.moderation.reviewTab, Panel: ReviewTab },
  { value: 'users', label: MESSAGES.suspensions.tab.title, Panel: UsersTab },
  { value: 'fair-votes', label: MESSAGES.fairVotes.tab, Panel: FairVotesTab },
] as const satisfies readonly { value: string; label: string; Panel: ComponentType }[];

/** The first tab of the trust and safety group: the group starts a row of its own (or, on wide screens, sits apart). */
const TRUST_GROUP_START: AdminTab = 'review';

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
  // On a phone the list is one row that scrolls sideways, its edges faded where more tabs lie out of sight.
  useScrollEdges(list);
  // Keep the open tab in sight there (e.g. Site Settings opened from a link), clear of the fades (scroll-padding).
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
              <Fragment key={tab.value}>
                {/* Not a tab (hidden from assistive technology, skipped by the arrow keys): the group's edge. */}
                {tab.value === TRUST_GROUP_START ? <span aria-hidden="true" className={tabClasses.groupStart} /> : null}
                <Tabs.Tab value={tab.value} className={tabClasses.tab} data-tab={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              </Fragment>
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
