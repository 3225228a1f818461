import { type CarImage as CarImageData, imageSrcSet } from '@curbside/shared';
import { type CSSProperties, useState } from 'react';
import classes from './cars.module.css';

// One car photo as the browser should load it: the smallest fitting WebP variant (srcset/sizes), a fixed box so the
// layout never jumps (explicit width/height plus CSS aspect ratio), lazy below the fold, a placeholder if it fails.

export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="533" viewBox="0 0 800 533"><rect width="800" height="533" fill="#2a2a2a"/><path d="M250 330h300l-40-70H290z" fill="#444"/><circle cx="310" cy="340" r="26" fill="#555"/><circle cx="490" cy="340" r="26" fill="#555"/></svg>',
  );

export interface CarImageProps {
  image: Pick<CarImageData, 'url' | 'variants'> | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is displayed at each viewport width. */
  sizes: string;
  /** The page's main image: loaded first and eagerly. */
  priority?: boolean;
  /** Below the fold: let the browser load it when it comes near. */
  lazy?: boolean;
  /** Width over height of the box. */
  ratio?: number;
  className?: string;
  style?: CSSProperties;
}

export function CarImage({ image, alt, sizes, priority, lazy, ratio = 3 / 2, className, style }: CarImageProps) {
  const [failed, setFailed] = useState(false);
  const broken = failed || !image;
  const width = 800;
  const height = Math.round(width / ratio);
  return (
    <img
      className={`${classes.image} ${className ?? ''}`}
      style={{ aspectRatio: String(ratio), ...style }}
      src={broken ? PLACEHOLDER_IMAGE : (image.variants?.w800 ?? image.url)}
      srcSet={broken ? undefined : imageSrcSet(image)}
      sizes={broken ? undefined : sizes}
      width={width}
      height={height}
      alt={alt}
      loading={lazy && !priority ? 'lazy' : 'eager'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailed(true)}
      data-broken={broken || undefined}
    />
  );
}
