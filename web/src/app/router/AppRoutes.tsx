// The router body: the guard, the fixed routes, and the menu routes in the main layout (or bare with '||').
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { showMessage } from '../../api/message.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import {
  effectivePermissions,
  useCurrentMenusQuery,
  useCurrentUserQuery,
  useWithheldRoutesQuery,
} from '../../features/auth/authApi.ts';
import { NotOpenedPage } from '../../features/errors/NotOpenedPage.tsx';
import { Layout } from '../../shell/Layout.tsx';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { activeLocale } from '../i18n.ts';
import { settings } from '../settings.ts';
import { clearSession } from '../signOut.ts';
import { buildMenuRoutes, flattenRoutes } from './buildMenuRoutes.ts';
import { decideNavigation } from './guard.ts';
import { LoginPage, NoPermissionPage, NotFoundPage, pageFor, RegisterPage } from './pageRegistry.tsx';
import { resolveRoute } from './resolveRoute.ts';

/** The wall screen's page: outside the guard and the shell, signed in by its display token alone. */
export const BIG_SCREEN_PATH = '/bigScreen';
const BigScreenPage = lazy(() =>
  import('../../features/dashboard/bigScreen/BigScreenPage.tsx').then((m) => ({ default: m.BigScreenPage })),
);

const fixedPages = { '/login': LoginPage, '/register': RegisterPage, '/401': NoPermissionPage, '/404': NotFoundPage };
const fixedTitles: Record<string, string> = {
  '/login': 'route.login',
  '/register': 'route.register',
  '/401': 'route.noPermission',
  '/404': 'route.notFound',
};

function FullPageLoading() {
  return (
    <div className="wo-fullpage-loading">
      <ProgressBar active />
      <Spinner size={40} />
    </div>
  );
}

export function AppRoutes() {
  const location = useLocation();
  if (location.pathname === BIG_SCREEN_PATH)
    return (
      <Suspense fallback={<FullPageLoading />}>
        <BigScreenPage />
      </Suspense>
    );
  return <GuardedRoutes />;
}

/** Everything but the big screen: the guard, the fixed pages and the menu routes. */
function GuardedRoutes() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const signedIn = useAppSelector((s) => s.session.signedIn);
  const user = useCurrentUserQuery(undefined, { skip: !signedIn });
  const userOk = Boolean(user.data?.username);
  const menus = useCurrentMenusQuery(undefined, { skip: !signedIn || !userOk });
  // pages of the tenant this user is not granted: the guard answers them with /401, not /404
  const withheld = useWithheldRoutesQuery(undefined, { skip: !signedIn || !userOk });

  const routes = useMemo(() => buildMenuRoutes(menus.data ?? []), [menus.data]);
  const pages = useMemo(() => flattenRoutes(routes), [routes]);
  const match = resolveRoute(location.pathname, pages);
  // a failed withheld list only costs the /401 distinction (such a page then answers /404): it does not block
  const routesReady = menus.isSuccess && (menus.data?.length ?? 0) > 0 && !withheld.isLoading;

  // User info failed: clear the token first (so the reload lands on /login, not in a loop), then reload (spec §8).
  // An expired token was already handled by the request layer.
  useEffect(() => {
    if (!signedIn || !user.isError) return;
    if ((user.error as { kind?: string } | undefined)?.kind === 'expired') return;
    clearSession(dispatch);
    window.location.reload();
  }, [signedIn, user.isError, user.error, dispatch]);

  // Empty user info, or no user name: a message and sign-out (spec §5).
  useEffect(() => {
    if (signedIn && user.isSuccess && !userOk) {
      showMessage(t('login.userInfoEmpty'));
      clearSession(dispatch);
    }
  }, [signedIn, user.isSuccess, userOk, dispatch, t]);

  // An empty menu list: a message and sign-out (spec §2).
  useEffect(() => {
    if (signedIn && menus.isSuccess && (menus.data?.length ?? 0) === 0) {
      showMessage(t('login.emptyMenus'));
      clearSession(dispatch);
    }
  }, [signedIn, menus.isSuccess, menus.data, dispatch, t]);

  const entry = match ? pageFor(match.component) : null;
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    hasToken: signedIn,
    routesReady,
    // a page not open for the company shows its apply-to-open note to anyone who has it in the menu
    match: match ? { permissions: match.opened ? entry?.permissions : undefined } : null,
    permissions: effectivePermissions(user.data),
    withheld: withheld.data,
  });

  // Page title: route title + product title.
  const fixedTitle = fixedTitles[location.pathname];
  const routeTitle = fixedTitle ? t(fixedTitle) : match?.title;
  useEffect(() => {
    const product = settings.title[activeLocale()];
    document.title = routeTitle ? `${routeTitle} - ${product}` : product;
  }, [routeTitle]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'load') return <FullPageLoading />;

  const Fixed = fixedPages[location.pathname as keyof typeof fixedPages];
  if (Fixed)
    return (
      <Suspense fallback={<FullPageLoading />}>
        <Fixed />
      </Suspense>
    );
  if (!match) return <Navigate to="/404" replace />;
  if (match.bare) {
    const Page = entry?.Page ?? NotFoundPage;
    return (
      <Suspense fallback={<FullPageLoading />}>
        {match.opened ? <Page /> : <NotOpenedPage name={match.title} />}
      </Suspense>
    );
  }
  return <Layout routes={routes} pages={pages} match={match} />;
}
