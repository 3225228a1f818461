import { SITE_NAME } from '@curbside/shared';
import { useEffect } from 'react';

/** "Gallery · Curbside"; the bare product name and tagline on the home page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — street-car showcase`;
  }, [title]);
}
