import { LOGIN_REQUIRED_MESSAGES, type ToastText } from '@curbside/shared';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { Layout } from './components/Layout';
import { PageLoader } from './components/PageLoader';
import { useCurrentUser } from './hooks/useCurrentUser';
import { useSiteSettings } from './hooks/useSiteSettings';
import { carDetailPage, galleryPage, homePage, leaderboardPage } from './landing';
import { onAuthRequired } from './lib/auth-events';
import { notifyError } from './lib/notify';
import { rememberPage, signInPath } from './lib/return-to';
import { stripTrackingParamsFromAddress } from './lib/tracking';

// Route-level code splitting: every screen is its own chunk, fetched on first visit (landing pages: see landing.ts).
const HomePage = homePage.Component;
const AuthPage = lazy(() => import('./pages/AuthPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmailPage'));
const GalleryPage = galleryPage.Component;
const CarDetailPage = carDetailPage.Component;
const LeaderboardPage = leaderboardPage.Component;
const HallOfFamePage = lazy(() => import('./pages/HallOfFamePage'));
const MerchPage = lazy(() => import('./pages/MerchPage'));
const EventsPage = lazy(() => import('./pages/EventsPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const CartPage = lazy(() => import('./pages/CartPage'));
const CheckoutPage = lazy(() => import('./pages/CheckoutPage'));
const OrderSuccessPage = lazy(() => import('./pages/OrderSuccessPage'));
const OrdersPage = lazy(() => import('./pages/OrdersPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const UploadPage = lazy(() => import('./pages/UploadPage'));
const AdminPage = lazy(() => import('./pages/AdminPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// Maintenance and coming-soon mode: who sees the site, with the preview banner, and who the mode's page.
const SiteModeGate = lazy(() => import('./pages/SiteModeGate'));

/**
 * The app below the providers: tracking-parameter clean-up, the auth-redirect event, the loading spinner, the
 * site-mode gate, then the route table with its guards (spec part 1 §2).
 */
export function AppRoutes() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { user, isAdmin, isLoading: userLoading } = useCurrentUser();
  const { settings, mode, isLoading: settingsLoading } = useSiteSettings();

  useEffect(() => stripTrackingParamsFromAddress(), []);
  // Sign-in returns to the page that sent the visitor there, when the link to /auth does not say (lib/return-to.ts).
  useEffect(() => {
    if (path !== '/auth') rememberPage(`${path}${search ? `?${search}` : ''}`);
  }, [path, search]);

  // Any 401 (other than the current-user query) sends the user to sign in, and back here afterwards.
  useEffect(
    () =>
      onAuthRequired(() => {
        const { pathname, search: query, hash } = window.location;
        if (pathname !== '/auth') navigate(signInPath(`${pathname}${query}${hash}`));
      }),
    [navigate],
  );

  if (userLoading || settingsLoading) return <PageLoader fullScreen />;

  const signedIn = Boolean(user);
  const site = (banner?: ReactNode) => (
    <Layout banner={banner}>
      <Suspense fallback={<PageLoader />}>
        {/* A new page: add its path to shared/src/pages.ts too (the server sends 404 for any other path). */}
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/auth">
            <AuthPage signedIn={signedIn} />
          </Route>
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/verify-email" component={VerifyEmailPage} />
          <Route path="/gallery" component={GalleryPage} />
          <Route path="/cars" component={GalleryPage} />
          <Route path="/gallery/:slug" component={CarDetailPage} />
          <Route path="/cars/:slug" component={CarDetailPage} />
          <Route path="/leaderboard" component={LeaderboardPage} />
          <Route path="/hall-of-fame" component={HallOfFamePage} />
          <Route path="/merch" component={MerchPage} />
          <Route path="/events" component={EventsPage} />
          <Route path="/terms-of-service" component={TermsPage} />
          <Route path="/cart">
            <Protected signedIn={signedIn} toast={LOGIN_TOASTS.cart}>
              <CartPage />
            </Protected>
          </Route>
          <Route path="/checkout">
            <Protected signedIn={signedIn} toast={LOGIN_TOASTS.checkout}>
              <CheckoutPage />
            </Protected>
          </Route>
          <Route path="/order-success">
            <Protected signedIn={signedIn} toast={LOGIN_TOASTS.orderSuccess}>
              <OrderSuccessPage />
            </Protected>
          </Route>
          <Route path="/user/orders">
            <Protected signedIn={signedIn} toast={LOGIN_TOASTS.orders}>
              <OrdersPage />
            </Protected>
          </Route>
          {/* The page itself sends a signed-out visitor to /auth, with the 'Authentication Required' toast. */}
          <Route path="/user/profile" component={ProfilePage} />
          {/* Signed out, the page shows its own 'Sign In or Register' panel (part 2 §2). */}
          <Route path="/upload" component={UploadPage} />
          <Route path="/admin">{isAdmin ? <AdminPage /> : <Redirect to="/" replace />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </Layout>
  );
  if (mode !== 'normal' && settings) {
    return (
      <Suspense fallback={<PageLoader fullScreen />}>
        <SiteModeGate mode={mode} settings={settings} isAdmin={isAdmin} signedIn={signedIn} site={site} />
      </Suspense>
    );
  }
  return site();
}

/** What a signed-out visitor is told on the way to /auth (spec part 1 §8). */
const LOGIN_TOASTS = LOGIN_REQUIRED_MESSAGES satisfies Record<string, ToastText>;

/** Login required: a signed-out visitor is told why, then sent to /auth, to come back here afterwards. */
function Protected({ signedIn, toast, children }: { signedIn: boolean; toast: ToastText; children: ReactNode }) {
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (!signedIn) notifyError(toast);
  }, [signedIn, toast]);
  return signedIn ? children : <Redirect to={signInPath(`${path}${search ? `?${search}` : ''}`)} replace />;
}
