// The main layout: side bar (vertical) or horizontal menu, header (top bar + tags bar), cached views, footer, and
// the shell's dialogs. Under 992 px it is always vertical and the side bar becomes an overlay drawer.
import { Classes, Drawer, Position } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { settings } from '../app/settings.ts';
import { DetailHost } from '../features/detail/DetailHost.tsx';
import { PasswordDialog } from '../features/user/PasswordDialog.tsx';
import { ProfileDialog } from '../features/user/ProfileDialog.tsx';
import { AppMain } from './AppMain.tsx';
import { ErrorLogDialog } from './ErrorLogDialog.tsx';
import { LogoutAlert } from './LogoutAlert.tsx';
import { deviceDetected, drawerClosed } from './layoutSlice.ts';
import { useMediaQuery } from './mediaQuery.ts';
import { SideBar } from './SideBar.tsx';
import { TagsBar } from './TagsBar.tsx';
import { ThemeDrawer } from './ThemeDrawer.tsx';
import { TopBar } from './TopBar.tsx';
import { affixTagsAdded, routeVisited } from './tagsSlice.ts';

export type LayoutProps = {
  /** the user's menu routes (tree) */
  routes: AppRoute[];
  /** every routable page of `routes` */
  pages: AppRoute[];
  /** the route being shown */
  match: AppRoute;
};

function useDeviceWatcher() {
  const dispatch = useAppDispatch();
  const narrow = useMediaQuery(`(max-width: ${settings.mobileBreakpoint - 0.02}px)`);
  useEffect(() => {
    dispatch(deviceDetected(narrow ? 'mobile' : 'desktop'));
  }, [dispatch, narrow]);
}

export function Layout({ routes, pages, match }: LayoutProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const theme = useAppSelector((s) => s.theme);
  const { collapsed, device, drawerOpen } = useAppSelector((s) => s.layout);
  useDeviceWatcher();
  const mobile = device === 'mobile';
  const horizontal = theme.layout === 'horizontal' && !mobile;

  const affixTags = useMemo(
    () => pages.filter((p) => p.affix).map((p) => ({ path: p.path, fullPath: p.path, title: p.title, affix: true })),
    [pages],
  );
  useEffect(() => {
    dispatch(affixTagsAdded(affixTags));
  }, [affixTags, dispatch]);

  useEffect(() => {
    dispatch(
      routeVisited({
        path: match.path,
        fullPath: location.pathname + location.search,
        title: match.title,
        affix: match.affix,
        cache: true,
      }),
    );
  }, [match, location.pathname, location.search, dispatch]);

  // The mobile drawer closes whenever the route changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    dispatch(drawerClosed());
  }, [location.pathname, dispatch]);

  const shellClass = [
    'wo-shell',
    `wo-theme-${theme.name}`,
    horizontal ? 'wo-horizontal' : 'wo-vertical',
    collapsed && !mobile ? 'wo-collapsed' : '',
    mobile ? 'wo-mobile' : '',
    theme.header === 'fixed' ? 'wo-header-fixed' : '',
  ].join(' ');

  return (
    <div className={shellClass}>
      {!horizontal && !mobile && <SideBar routes={routes} match={match} collapsed={collapsed} />}
      {mobile && (
        <Drawer
          isOpen={drawerOpen}
          onClose={() => dispatch(drawerClosed())}
          position={Position.LEFT}
          size={256}
          className={`wo-drawer wo-theme-${theme.name}`}
          title={undefined}
          aria-label={t('nav.mainMenu')}
        >
          <div className={Classes.DRAWER_BODY}>
            <SideBar routes={routes} match={match} collapsed={false} />
          </div>
        </Drawer>
      )}
      <div className="wo-main">
        <header className="wo-header">
          <TopBar routes={routes} match={match} horizontal={horizontal} mobile={mobile} />
          {theme.tagsBar && <TagsBar match={match} />}
        </header>
        <AppMain pages={pages} match={match} />
        <DetailHost />
        {settings.showFooter && (
          <footer className="wo-footer">
            {t('footer.copyright', { year: new Date().getFullYear(), name: settings.copyright })}
          </footer>
        )}
      </div>
      <ThemeDrawer />
      <ErrorLogDialog />
      <ProfileDialog />
      <PasswordDialog />
      <LogoutAlert />
    </div>
  );
}
