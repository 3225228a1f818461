import { LIMITS } from '@curbside/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';

const BOX = { display: 'block', width: '100%', maxWidth: 970, margin: '0 auto' } as const;

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
  // While the list loads, the banner's box is held open so the page below does not jump when it arrives.
  if (isPending) return <div aria-hidden="true" style={{ ...BOX, aspectRatio: '970 / 250' }} />;
  if (!ad) return null;
  return (
    <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer sponsored" data-testid="banner-ad" style={BOX}>
      <img
        src={ad.imageUrl}
        alt={ad.name}
        width={970}
        height={250}
        loading="lazy"
        decoding="async"
        style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8 }}
      />
    </a>
  );
}
