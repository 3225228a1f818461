import type { SiteMode } from '@curbside/shared';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';

/** Site settings and the mode visitors see. Maintenance wins when both are on (as shared's siteModeOf). */
export function useSiteSettings() {
  const trpc = useTRPC();
  const query = useQuery(trpc.settings.get.queryOptions());
  const settings = query.data;
  // Not siteModeOf from @curbside/shared: its module builds zod schemas, which the first page must not carry.
  const mode: SiteMode = settings?.maintenanceMode ? 'maintenance' : settings?.comingSoonMode ? 'comingSoon' : 'normal';
  return { settings, mode, isLoading: query.isPending };
}
