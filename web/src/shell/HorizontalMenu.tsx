// The horizontal layout's menu: top-level pages as links, groups as drop-down menus, on one line. What does not fit
// the bar moves into a "more" drop-down, so every page stays reachable at any width and in any language.
import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { Fragment, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { type AppRoute, visibleMenu } from '../app/router/buildMenuRoutes.ts';
import { menuIcon } from './menuIcon.ts';
import { containsRoute, flattenSingles } from './SideMenu.tsx';

export type HorizontalMenuProps = {
  /** the user's menu routes */
  routes: AppRoute[];
  /** the active route */
  match: AppRoute;
};

/**
 * How many of the entries (widths in px, in order) fit in `available` px. When not all fit, the "more" button
 * (`moreWidth`) takes its place after the last one shown. At least one entry stays out of the drop-down only if
 * it fits beside the button.
 */
export const fitCount = (widths: readonly number[], available: number, moreWidth: number): number => {
  const total = widths.reduce((sum, w) => sum + w, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + w > available) break;
    used += w;
    count += 1;
  }
  return count;
};

function GroupItems({ routes }: { routes: AppRoute[] }) {
  return (
    <>
      {flattenSingles(routes).map((r) =>
        r.isDirectory ? (
          <MenuItem key={r.id} icon={menuIcon(r.icon, 'folder-close')} text={r.title}>
            <GroupItems routes={r.children} />
          </MenuItem>
        ) : (
          <PageItem key={r.id} route={r} />
        ),
      )}
    </>
  );
}

function PageItem({ route }: { route: AppRoute }) {
  return (
    <MenuItem
      icon={menuIcon(route.icon)}
      text={route.title}
      href={route.external ? route.path : `#${route.path}`}
      target={route.external ? '_blank' : undefined}
      labelElement={route.badge ? <Tag minimal>{route.badge}</Tag> : undefined}
    />
  );
}

function Badge({ route }: { route: AppRoute }) {
  return route.badge ? (
    <Tag minimal round>
      {route.badge}
    </Tag>
  ) : null;
}

/** One entry of the bar. `measuring`: an inert copy of the same size, for the hidden measuring row. */
function BarEntry({ route, match, measuring }: { route: AppRoute; match: AppRoute; measuring?: boolean }) {
  if (route.isDirectory) {
    const button = (
      <Button
        variant="minimal"
        icon={menuIcon(route.icon, 'folder-close')}
        endIcon="caret-down"
        text={route.title}
        className={`wo-h-group${containsRoute(route, match) ? ' active' : ''}`}
        tabIndex={measuring ? -1 : undefined}
      />
    );
    if (measuring) return button;
    return (
      <PopoverNext
        placement="bottom-start"
        animation="minimal"
        arrow={false}
        content={
          <Menu>
            <GroupItems routes={route.children} />
          </Menu>
        }
      >
        {button}
      </PopoverNext>
    );
  }
  if (measuring)
    return (
      <span className="wo-h-item">
        {route.title}
        <Badge route={route} />
      </span>
    );
  return route.external ? (
    <a className="wo-h-item" href={route.path} target="_blank" rel="noopener noreferrer">
      {route.title}
      <Badge route={route} />
    </a>
  ) : (
    // a string className: NavLink adds `active` itself
    <NavLink to={route.path} className="wo-h-item">
      {route.title}
      <Badge route={route} />
    </NavLink>
  );
}

/** The drop-down holding the entries that did not fit: pages as items, groups as titled sections. */
function MoreMenu({ entries, match }: { entries: AppRoute[]; match: AppRoute }) {
  const { t } = useTranslation();
  const active = entries.some((r) => containsRoute(r, match));
  return (
    <PopoverNext
      placement="bottom-end"
      animation="minimal"
      arrow={false}
      content={
        <Menu className="wo-h-more-menu">
          {entries.map((r) =>
            r.isDirectory ? (
              <Fragment key={r.id}>
                <MenuDivider title={r.title} />
                <GroupItems routes={r.children} />
              </Fragment>
            ) : (
              <PageItem key={r.id} route={r} />
            ),
          )}
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="more"
        endIcon="caret-down"
        text={t('nav.moreMenu')}
        className={`wo-h-group wo-h-more${active ? ' active' : ''}`}
      />
    </PopoverNext>
  );
}

export function HorizontalMenu({ routes, match }: HorizontalMenuProps) {
  const { t } = useTranslation();
  const entries = useMemo(() => flattenSingles(visibleMenu(routes)), [routes]);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(entries.length);

  // Measures every entry in a hidden row (so entries in the drop-down keep a known width) and keeps as many in the
  // bar as fit; re-measured when the bar or the entries change size (window, language, fonts loading).
  // biome-ignore lint/correctness/useExhaustiveDependencies: new entries are a new measuring row to measure
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return;
    const width = (el: Element | null) => (el ? el.getBoundingClientRect().width : 0);
    const update = () => {
      const items = [...measure.querySelectorAll('[data-measure="item"]')].map(width);
      const more = width(measure.querySelector('[data-measure="more"]'));
      setShown(fitCount(items, width(nav), more));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [entries]);

  const visible = entries.slice(0, shown);
  const overflow = entries.slice(shown);
  return (
    <nav className="wo-h-menu" aria-label={t('nav.mainMenu')} ref={navRef}>
      {visible.map((r) => (
        <BarEntry key={r.id} route={r} match={match} />
      ))}
      {overflow.length > 0 && <MoreMenu entries={overflow} match={match} />}
      <div className="wo-h-measure" ref={measureRef} aria-hidden inert>
        {entries.map((r) => (
          <div key={r.id} data-measure="item">
            <BarEntry route={r} match={match} measuring />
          </div>
        ))}
        <div data-measure="more">
          <Button
            variant="minimal"
            icon="more"
            endIcon="caret-down"
            text={t('nav.moreMenu')}
            className="wo-h-group wo-h-more"
            tabIndex={-1}
          />
        </div>
      </div>
    </nav>
  );
}
