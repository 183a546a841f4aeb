// The main area: visited views stay mounted (hidden) so they keep their state, up to settings.keepAliveMax; the
// reload button remounts the active one; a short skeleton covers the switch to a view not yet cached.
import { Classes, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useAppSelector } from '../app/hooks.ts';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { NotFoundPage, pageFor } from '../app/router/pageRegistry.tsx';
import { settings } from '../app/settings.ts';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { NotOpenedPage } from '../features/errors/NotOpenedPage.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { ViewActiveContext } from './viewActive.ts';

export type AppMainProps = {
  /** every routable page */
  pages: AppRoute[];
  /** the active route */
  match: AppRoute;
};

function PageLoading() {
  return (
    <div className="wo-page-loading">
      <ProgressBar active />
      <Spinner size={32} />
    </div>
  );
}

function Skeleton() {
  return (
    <div className="wo-skeleton" aria-hidden="true">
      <div className={`wo-skeleton-line wide ${Classes.SKELETON}`} />
      <div className={`wo-skeleton-line ${Classes.SKELETON}`} />
      <div className={`wo-skeleton-block ${Classes.SKELETON}`} />
    </div>
  );
}

function useSkeleton(path: string, cached: boolean): boolean {
  const [showing, setShowing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a path change starts the skeleton
  useEffect(() => {
    if (!settings.skeleton || cached) return;
    setShowing(true);
    const timer = setTimeout(() => setShowing(false), settings.skeletonMs);
    return () => clearTimeout(timer);
  }, [path]);
  return showing;
}

export function AppMain({ pages, match }: AppMainProps) {
  const cached = useAppSelector((s) => s.tags.cached);
  const reloaded = useAppSelector((s) => s.layout.reloaded);
  const byPath = useMemo(() => new Map(pages.map((p) => [p.path, p])), [pages]);
  const views = cached.includes(match.path) ? cached : [...cached, match.path];
  const skeleton = useSkeleton(match.path, cached.includes(match.path));

  return (
    <main className="wo-app-main">
      {skeleton && <Skeleton />}
      {views.map((path) => {
        const route = byPath.get(path);
        if (!route) return null;
        const Page = pageFor(route.component)?.Page ?? NotFoundPage;
        const active = path === match.path;
        const key = reloaded.path === path ? `${path}#${reloaded.count}` : path;
        return (
          <section key={key} className="wo-view" hidden={!active || skeleton} aria-hidden={!active}>
            <ViewActiveContext.Provider value={active && !skeleton}>
              <ErrorBoundary>
                <Suspense fallback={<PageLoading />}>
                  {/* not open for the company: the apply-to-open note instead of the page (spec §6) */}
                  {route.opened ? <Page /> : <NotOpenedPage name={route.title} />}
                </Suspense>
              </ErrorBoundary>
            </ViewActiveContext.Provider>
          </section>
        );
      })}
    </main>
  );
}
