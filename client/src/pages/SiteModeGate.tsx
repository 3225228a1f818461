import { SITE_MODE_MESSAGES, type SiteSettings } from '@curbside/shared';
import { type ReactNode, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import classes from '../components/Header.module.css';
import { signInPath } from '../lib/return-to';
import SiteModePage from './SiteModePage';

// Maintenance and coming-soon mode (spec part 1 §2): who sees the site, with the preview banner, and who the mode's
// page. Loaded only while a mode is on: none of it is in the landing pages' first download.

/**
 * Paths a visitor can reach while the site is in maintenance or coming-soon mode (signing in, and the links mailed
 * for it: password reset, e-mail verification).
 */
const OPEN_DURING_SITE_MODES = new Set(['/auth', '/reset-password', '/verify-email']);

// Admin preview: ?preview=true shows the site with the banner. The mode is kept for the tab's session, so it survives
// navigation (links do not carry the parameter), until the visitor leaves it with the banner's button (or an address
// with ?preview=false).
const PREVIEW_KEY = 'curbside:preview';

function storePreview(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(PREVIEW_KEY, '1');
    else sessionStorage.removeItem(PREVIEW_KEY);
  } catch {
    // storage refused: the mode lasts while the parameter is in the address
  }
}

function storedPreview(): boolean {
  try {
    return sessionStorage.getItem(PREVIEW_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether preview mode is on at the current address; `leave` turns it off (and takes the parameter out). */
function usePreviewMode(): { preview: boolean; leave: () => void } {
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const [, rerender] = useState(0);
  const param = params.get('preview');
  // Kept as the address says (idempotent: a render may run more than once).
  if (param === 'true' || param === 'false') storePreview(param === 'true');
  const leave = () => {
    storePreview(false);
    params.delete('preview');
    const rest = params.toString();
    if (param !== null) navigate(rest ? `${path}?${rest}` : path, { replace: true });
    else rerender((n) => n + 1);
  };
  return { preview: storedPreview() || param === 'true', leave };
}

const LEAVE_PREVIEW_STYLE = {
  marginLeft: 'var(--mantine-spacing-md)',
  font: 'inherit',
  color: 'inherit',
  textDecoration: 'underline',
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
};

/** The banner above the site during a mode; `onLeave` (preview mode) adds the button that ends the preview. */
function PreviewBanner({ mode, onLeave }: { mode: 'maintenance' | 'comingSoon'; onLeave?: () => void }) {
  const { maintenanceBanner, comingSoonBanner, adminPreviewSuffix, leavePreview } = SITE_MODE_MESSAGES;
  return (
    <div className={classes.previewBanner} role="status">
      <span>
        {mode === 'maintenance' ? maintenanceBanner : comingSoonBanner}
        {adminPreviewSuffix}
      </span>
      {onLeave ? (
        <button type="button" onClick={onLeave} style={LEAVE_PREVIEW_STYLE}>
          {leavePreview}
        </button>
      ) : null}
    </div>
  );
}

export interface SiteModeGateProps {
  mode: 'maintenance' | 'comingSoon';
  settings: SiteSettings;
  isAdmin: boolean;
  signedIn: boolean;
  /** The site, under `banner` when given. */
  site: (banner?: ReactNode) => ReactNode;
}

/**
 * Admins and previewers see the site with the banner; everyone else the mode's page, on every path but /auth and
 * /reset-password (without the banner there), and /admin sends them to sign in.
 */
export default function SiteModeGate({ mode, settings, isAdmin, signedIn, site }: SiteModeGateProps) {
  const [path] = useLocation();
  const { preview, leave } = usePreviewMode();
  if (isAdmin || preview) return site(<PreviewBanner mode={mode} onLeave={preview ? leave : undefined} />);
  if (OPEN_DURING_SITE_MODES.has(path)) return site();
  if (path === '/admin') return <Redirect to={signInPath('/admin')} replace />;
  return (
    <SiteModePage
      mode={mode}
      message={mode === 'maintenance' ? settings.maintenanceMessage : settings.comingSoonMessage}
      launchDate={settings.launchDate}
      isAdmin={isAdmin}
      signedIn={signedIn}
    />
  );
}
