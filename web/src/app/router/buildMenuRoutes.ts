// Turns the server's menu tree (spec §2) into the client's routes. A '||' in `url` hides the route from the menus;
// a '||' in `path` (the component) renders the page without the main layout. First-level directories use the main
// layout, deeper directories an empty wrapper.
import type { MenuEntry } from '@waterops/shared/user';

export const HIDDEN_MARKER = '||';

export type AppRoute = {
  id: number;
  /** absolute route path ('/system/operationLog'), or the link of an external entry */
  path: string;
  title: string;
  /** Blueprint icon name, from `css` */
  icon: string;
  /** page component key ('home/HomePage'); '' for directories */
  component: string;
  hidden: boolean;
  affix: boolean;
  badge: string | null;
  /** opens in a new window instead of routing */
  external: boolean;
  /** a directory (type 1) holding children */
  isDirectory: boolean;
  /** what wraps this entry: the main layout (first level), an empty wrapper (deeper) */
  wrapper: 'Layout' | 'EmptyLayout';
  /** rendered without the main layout (a '||' in path) */
  bare: boolean;
  /** false: not open for the company; the page shows the apply-to-open note instead (spec §6) */
  opened: boolean;
  /** ancestors' titles and paths, outermost first, for breadcrumbs */
  trail: { title: string; path: string }[];
  children: AppRoute[];
};

const isUrl = (s: string) => /^https?:\/\//i.test(s);

const joinPath = (parent: string, url: string): string => {
  if (url.startsWith('/') || isUrl(url)) return url;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return `${base}${url}`;
};

const toRoute = (entry: MenuEntry, parent: AppRoute | null): AppRoute => {
  const hidden = entry.hidden || entry.url.includes(HIDDEN_MARKER);
  const bare = entry.path.includes(HIDDEN_MARKER);
  const url = entry.url.replaceAll(HIDDEN_MARKER, '');
  const component = entry.path.replaceAll(HIDDEN_MARKER, '');
  const isDirectory = entry.type === 1 || entry.subMenus.length > 0;
  const route: AppRoute = {
    id: entry.id,
    path: joinPath(parent?.path ?? '/', url),
    title: entry.name,
    icon: entry.css,
    component: isDirectory ? '' : component,
    hidden,
    affix: entry.affix === true,
    badge: entry.badge ?? null,
    external: entry.target === '_blank' || isUrl(url),
    isDirectory,
    wrapper: parent ? 'EmptyLayout' : 'Layout',
    bare,
    opened: entry.opened !== false && (parent?.opened ?? true),
    trail: parent ? [...parent.trail, { title: parent.title, path: parent.path }] : [],
    children: [],
  };
  route.children = [...entry.subMenus].sort((a, b) => a.sort - b.sort).map((child) => toRoute(child, route));
  return route;
};

export const buildMenuRoutes = (menus: readonly MenuEntry[]): AppRoute[] =>
  [...menus].sort((a, b) => a.sort - b.sort).map((m) => toRoute(m, null));

/** Every routable page (not directories, not external links), depth first. */
export const flattenRoutes = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((r) => [...(r.isDirectory || r.external ? [] : [r]), ...flattenRoutes(r.children)]);

/** Entries shown in menus: not hidden; directories without visible children disappear. */
export const visibleMenu = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((r) => {
    if (r.hidden) return [];
    if (!r.isDirectory) return [r];
    const children = visibleMenu(r.children);
    return children.length > 0 ? [{ ...r, children }] : [];
  });
