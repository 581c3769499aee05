import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';

import { CenteredLoader } from '../components/centered-loader';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';

/** A screen that loads on demand, and can be asked to load before it is first rendered. */
type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Every screen loads on demand (the first route loads at most 170 KB gzipped, docs/decisions.md#performance-budgets), sign-in too: its form library is its own.
 * Once loaded, the screen renders directly instead of through React.lazy, which would suspend
 * (show the loader) once more for a module it already has.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let Loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      Loaded = pick(module);
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded ?? (() => null) };
  });
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}

const SignIn = lazyPage(
  () => import('../features/auth/sign-in-page'),
  (m) => m.SignInPage,
);
const AppList = lazyPage(
  () => import('../features/lists/app-list-page'),
  (m) => m.AppListPage,
);
const SignUp = lazyPage(
  () => import('../features/auth/sign-up-page'),
  (m) => m.SignUpPage,
);
const PasswordReset = lazyPage(
  () => import('../features/auth/password-reset-page'),
  (m) => m.PasswordResetPage,
);
const ResetPassword = lazyPage(
  () => import('../features/auth/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmail = lazyPage(
  () => import('../features/auth/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const UndoEmailChange = lazyPage(
  () => import('../features/auth/undo-email-change-page'),
  (m) => m.UndoEmailChangePage,
);
const AuthCallback = lazyPage(
  () => import('../features/auth/auth-callback-page'),
  (m) => m.AuthCallbackPage,
);
const Settings = lazyPage(
  () => import('../features/account/settings-page'),
  (m) => m.SettingsPage,
);
const Pricing = lazyPage(
  () => import('../features/subscription/pricing-page'),
  (m) => m.PricingPage,
);
const Payment = lazyPage(
  () => import('../features/subscription/payment-page'),
  (m) => m.PaymentPage,
);
const Devices = lazyPage(
  () => import('../features/devices/devices-page'),
  (m) => m.DevicesPage,
);
const DevicePage = lazyPage(
  () => import('../features/devices/device-page'),
  (m) => m.DevicePage,
);
const Enroll = lazyPage(
  () => import('../features/devices/enroll-page'),
  (m) => m.EnrollPage,
);
const Groups = lazyPage(
  () => import('../features/groups/groups-page'),
  (m) => m.GroupsPage,
);
const GroupPage = lazyPage(
  () => import('../features/groups/group-page'),
  (m) => m.GroupPage,
);
const UpdatePolicies = lazyPage(
  () => import('../features/update-policies/update-policies-page'),
  (m) => m.UpdatePoliciesPage,
);
const Webhooks = lazyPage(
  () => import('../features/webhooks/webhooks-page'),
  (m) => m.WebhooksPage,
);
const WebhookPage = lazyPage(
  () => import('../features/webhooks/webhook-page'),
  (m) => m.WebhookPage,
);
const Installations = lazyPage(
  () => import('../features/installations/installations-page'),
  (m) => m.InstallationsPage,
);
const InstallationDetails = lazyPage(
  () => import('../features/installations/installation-details-page'),
  (m) => m.InstallationDetailsPage,
);
const History = lazyPage(
  () => import('../features/history/history-page'),
  (m) => m.HistoryPage,
);
const AppDatabase = lazyPage(
  () => import('../features/catalogue-admin/app-database-management-page'),
  (m) => m.AppDatabaseManagementPage,
);
const Catalogue = lazyPage(
  () => import('../features/catalogue/catalogue-page'),
  (m) => m.CataloguePage,
);
const AdminConsole = lazyPage(
  () => import('../features/admin/admin-console-page'),
  (m) => m.AdminConsolePage,
);
const SharedList = lazyPage(
  () => import('../features/lists/shared-list-page'),
  (m) => m.SharedListPage,
);
const Gallery = lazyPage(
  () => import('../features/lists/gallery-page'),
  (m) => m.GalleryPage,
);
const TermsOfUse = lazyPage(
  () => import('../features/legal/terms-of-use-page'),
  (m) => m.TermsOfUsePage,
);

/**
 * Each screen's path as the route table below declares it (a path with a fixed part before one with
 * a parameter, as the router ranks them), so that main.tsx can load the first screen before the
 * first render: a first render that suspends on it shows the loader, and React then keeps the
 * loader at least 300 ms longer than the screen took to arrive.
 */
export const PAGE_PATHS: ReadonlyArray<readonly [string, LazyPage]> = [
  ['sign-in', SignIn],
  ['sign-up', SignUp],
  ['app-list', AppList],
  ['app-database-management', AppDatabase],
  ['admin-console', AdminConsole],
  ['app-catalogue', Catalogue],
  ['settings', Settings],
  ['payment-page', Payment],
  ['devices', Devices],
  ['devices/enroll', Enroll],
  ['devices/:deviceId', DevicePage],
  ['groups', Groups],
  ['groups/:id', GroupPage],
  ['updates', UpdatePolicies],
  ['webhooks', Webhooks],
  ['webhooks/:id', WebhookPage],
  ['installations', Installations],
  ['installations/:id', InstallationDetails],
  ['history', History],
  ['pricing-page', Pricing],
  ['terms-of-use', TermsOfUse],
  ['password-reset', PasswordReset],
  ['reset-password', ResetPassword],
  ['verify-email', VerifyEmail],
  ['undo-email-change', UndoEmailChange],
  ['auth/:provider/callback', AuthCallback],
  ['shared/:shareId', SharedList],
  ['gallery', Gallery],
];

/** Loads the screen `pathname` shows (nothing for an address that only redirects). */
export function preloadPageFor(pathname: string): Promise<void> {
  const found = PAGE_PATHS.find(([path]) => matchPath(`/${path}`, pathname));
  return found ? found[1].preload() : Promise.resolve();
}

/** The payment flow names the pricing screen /pricing; lead it to /pricing-page and keep its query. */
function PricingAlias() {
  const { search } = useLocation();
  return <Navigate to={`/pricing-page${search}`} replace />;
}

/** The product's route table (docs/decisions.md#the-products-words-and-screens). */
export function AppRoutes() {
  return (
    <Suspense fallback={<CenteredLoader />}>
      <Routes>
        <Route index element={<Navigate to="/app-list" replace />} />
        <Route element={<GuestOnly />}>
          <Route path="sign-in" element={<SignIn />} />
          <Route path="sign-up" element={<SignUp />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="app-list" element={<AppList />} />
          {/* Catalogue writes need an admin: without the check anyone could edit the catalogue (docs/decisions.md#the-catalogue). */}
          <Route element={<RequireAdmin />}>
            <Route path="app-database-management" element={<AppDatabase />} />
            <Route path="admin-console" element={<AdminConsole />} />
          </Route>
          {/* Not /catalogue: that path is the catalogue API's. */}
          <Route path="app-catalogue" element={<Catalogue />} />
          <Route path="settings" element={<Settings />} />
          <Route path="payment-page" element={<Payment />} />
          <Route path="devices" element={<Devices />} />
          <Route path="devices/:deviceId" element={<DevicePage />} />
          <Route path="groups" element={<Groups />} />
          <Route path="groups/:id" element={<GroupPage />} />
          <Route path="updates" element={<UpdatePolicies />} />
          <Route path="webhooks" element={<Webhooks />} />
          <Route path="webhooks/:id" element={<WebhookPage />} />
          <Route path="installations" element={<Installations />} />
          <Route path="installations/:id" element={<InstallationDetails />} />
          <Route path="history" element={<History />} />
        </Route>
        <Route path="pricing-page" element={<Pricing />} />
        <Route path="pricing" element={<PricingAlias />} />
        <Route path="terms-of-use" element={<TermsOfUse />} />
        <Route path="password-reset" element={<PasswordReset />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="verify-email" element={<VerifyEmail />} />
        {/* Public: the mailed link must work signed in, signed out, or with a revoked session. */}
        <Route path="undo-email-change" element={<UndoEmailChange />} />
        {/* Public: the registration link is opened on the machine to add, which is usually not signed in. */}
        <Route path="devices/enroll" element={<Enroll />} />
        <Route path="auth/:provider/callback" element={<AuthCallback />} />
        {/* Public: a shared list's link and the gallery work signed out (docs/decisions.md, "Shared lists"). */}
        <Route path="shared/:shareId" element={<SharedList />} />
        <Route path="gallery" element={<Gallery />} />
        <Route path="*" element={<Navigate to="/app-list" replace />} />
      </Routes>
    </Suspense>
  );
}
