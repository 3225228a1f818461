import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './Footer';
import { Header } from './Header';
import { HydrationUnit } from './HydrationUnit';
import classes from './Layout.module.css';

const BANNER_HEIGHT = '28px';

/** Every page: fixed top navigation (with the preview banner above it when there is one), content, footer. */
export function Layout({ banner, children }: { banner?: ReactNode; children: ReactNode }) {
  const [path] = useLocation();

  // A new screen starts at the top, unless the address points at an anchor (the page scrolls to it itself). Not on
  // arrival: the browser has placed the page (top, or where a reload left it), and scrolling would force a layout
  // while the page hydrates.
  const arrivedAt = useRef(path);
  useEffect(() => {
    if (path === arrivedAt.current) return;
    arrivedAt.current = '';
    if (!window.location.hash) window.scrollTo({ top: 0 });
  }, [path]);

  return (
    <div className={classes.shell} style={banner ? ({ '--banner-height': BANNER_HEIGHT } as object) : undefined}>
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      {/* At once: the header shows where the visitor is, and a navigation before it hydrated would leave the
          server's current link marked (hydration keeps the markup's attributes). */}
      <HydrationUnit>
        <Header banner={banner} />
      </HydrationUnit>
      <main id="main-content" className={classes.main} tabIndex={-1}>
        {children}
      </main>
      <HydrationUnit defer>
        <Footer />
      </HydrationUnit>
    </div>
  );
}
