// A figure on a home widget as a link to the page it comes from (the meters' count to the meter list, a district's
// loss rate to its balance): the page is the first of `pages` the user can open, by the rule of the widgets' title
// links. The home grid provides the resolver; elsewhere (the big screen, a wall display with no menus and nothing to
// click) the default resolves nothing and the figure is plain text.
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NO_LINKS, type PageLinker } from './widgetAccess.ts';

const PageLinkContext = createContext<PageLinker>(NO_LINKS);

/** Gives the figures inside their links (the home grid, with the signed-in user's pages). */
export const PageLinkProvider = PageLinkContext.Provider;

/** Where a figure leads: page component keys, preferred first, and the query that narrows the page to it. */
export type FigureTarget = { pages: readonly string[]; search?: Record<string, string | number> };

export type FigureLinkProps = {
  /** where it leads; none: plain text */
  to?: FigureTarget;
  /** what the figure is (the link's tooltip: "Open …") */
  name: string;
  children: ReactNode;
};

export function FigureLink({ to, name, children }: FigureLinkProps) {
  const { t } = useTranslation();
  const path = useContext(PageLinkContext)(to?.pages ?? []);
  if (!path || !to) return <>{children}</>;
  const search = to.search
    ? `?${new URLSearchParams(Object.entries(to.search).map(([k, v]) => [k, String(v)])).toString()}`
    : '';
  return (
    <Link className="wo-dash-figure-link" to={{ pathname: path, search }} title={t('dashboard.openFigure', { name })}>
      {children}
    </Link>
  );
}
