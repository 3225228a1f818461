import { LIMITS } from '@curbside/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';
import classes from './BannerAd.module.css';

/**
 * A banner advertisement: active, of type banner and within its dates; one of them at random when several are
 * eligible (spec part 1 §4). The server returns only ads live today (shared isAdLive); the list is cached for 5
 * minutes. Nothing is rendered when there is none. (isAdLive is not imported here: its module carries the ad form's zod
 * schemas, which would load zod on the home page.)
 */
export function BannerAd() {
  const trpc = useTRPC();
  const { data, isPending } = useQuery({
    ...trpc.ads.active.queryOptions(),
    staleTime: LIMITS.adCacheMs,
    gcTime: LIMITS.adCacheMs,
  });
  const ad = useMemo(() => {
    const eligible = (data ?? []).filter((candidate) => candidate.type === 'banner');
    return eligible.length ? eligible[Math.floor(Math.random() * eligible.length)] : null;
  }, [data]);
  // While the list loads, the slot is held open at the size it will have (BannerAd.module.css): nothing below moves
  // when the ad arrives.
  if (isPending) {
    return (
      // data-island: filled by the islands' script on an islands page (islands/banner-ad.ts).
      <div className={classes.slot} aria-hidden="true" data-testid="banner-slot" data-island="banner-ad">
        <span className={classes.creative} />
      </div>
    );
  }
  if (!ad) return null;
  return (
    <div className={classes.slot} data-testid="banner-slot">
      <a
        href={ad.linkUrl}
        target="_blank"
        rel="noopener noreferrer sponsored"
        className={classes.creative}
        data-testid="banner-ad"
      >
        <img src={ad.imageUrl} alt={ad.name} width={728} height={90} loading="lazy" decoding="async" />
      </a>
    </div>
  );
}
