// The side bar's navigation: groups that open one at a time (unique-opened), single items, badges, icons and
// external links in a new window. Collapsed, it shows icons only and groups open as a fly-out menu.
import { Collapse, Icon, Menu, MenuItem, PopoverNext, Position, Tag, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { type AppRoute, visibleMenu } from '../app/router/buildMenuRoutes.ts';
import { settings } from '../app/settings.ts';
import { useReducedMotion } from './mediaQuery.ts';
import { menuIcon } from './menuIcon.ts';

export type SideMenuProps = {
  /** the user's menu routes */
  routes: AppRoute[];
  /** the active route */
  match: AppRoute;
  /** icons only */
  collapsed: boolean;
};

/** A directory holding just one visible page shows as that page. */
export const flattenSingles = (routes: AppRoute[]): AppRoute[] =>
  routes.map((r) => (r.isDirectory && r.children.length === 1 && !r.children[0]?.isDirectory ? r.children[0]! : r));

function ItemLabel({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="wo-menu-title">{route.title}</span>
      {!route.opened && (
        <Tag minimal round icon="lock" className="wo-menu-not-opened">
          {t('notOpened.tag')}
        </Tag>
      )}
      {route.badge && (
        <Tag minimal round intent="danger" className="wo-menu-badge">
          {route.badge}
        </Tag>
      )}
    </>
  );
}

function SideItem({ route, collapsed }: { route: AppRoute; collapsed: boolean }) {
  const { t } = useTranslation();
  const icon = <Icon icon={menuIcon(route.icon)} className="wo-menu-icon" />;
  const link = route.external ? (
    <a
      className="wo-menu-item"
      href={route.path}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={collapsed ? route.title : undefined}
    >
      {icon}
      {!collapsed && <ItemLabel route={route} />}
      {!collapsed && <Icon icon="share" size={12} className="wo-menu-external" title={t('nav.external')} />}
    </a>
  ) : (
    // A string className, not a function: the collapsed bar's Tooltip clones its child and would drop a function
    // (the link then lost its slot and its active style); NavLink adds `active` and aria-current itself.
    <NavLink to={route.path} className="wo-menu-item" aria-label={collapsed ? route.title : undefined}>
      {icon}
      {!collapsed && <ItemLabel route={route} />}
    </NavLink>
  );
  return collapsed ? (
    <Tooltip content={route.title} position={Position.RIGHT} className="wo-menu-tooltip">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function CollapsedGroup({ route, active }: { route: AppRoute; active: boolean }) {
  return (
    <PopoverNext
      placement="right-start"
      interactionKind="hover"
      animation="minimal"
      arrow={false}
      content={
        <Menu>
          <MenuItem text={route.title} disabled />
          {flattenSingles(route.children).map((child) => (
            <MenuItem
              key={child.id}
              icon={menuIcon(child.icon)}
              text={child.title}
              href={child.external ? child.path : `#${child.path}`}
              target={child.external ? '_blank' : undefined}
              labelElement={
                child.badge ? (
                  <Tag minimal>{child.badge}</Tag>
                ) : child.opened ? undefined : (
                  <Icon icon="lock" size={12} />
                )
              }
            />
          ))}
        </Menu>
      }
    >
      <button type="button" className={`wo-menu-item wo-menu-group${active ? ' active' : ''}`} aria-label={route.title}>
        <Icon icon={menuIcon(route.icon, 'folder-close')} className="wo-menu-icon" />
      </button>
    </PopoverNext>
  );
}

/** The entry is the active route or holds it. */
export const containsRoute = (route: AppRoute, match: AppRoute): boolean =>
  route.id === match.id || route.children.some((c) => containsRoute(c, match));

function Group({ route, match, collapsed, depth, openId, onToggle }: GroupProps) {
  const open = openId === route.id;
  const active = containsRoute(route, match);
  const reducedMotion = useReducedMotion();
  if (collapsed && depth === 0) return <CollapsedGroup route={route} active={active} />;
  return (
    <div className="wo-menu-group-wrap">
      <button
        type="button"
        className={`wo-menu-item wo-menu-group${active ? ' has-active' : ''}`}
        aria-expanded={open}
        onClick={() => onToggle(route.id)}
      >
        <Icon icon={menuIcon(route.icon, 'folder-close')} className="wo-menu-icon" />
        <span className="wo-menu-title">{route.title}</span>
        <Icon icon="chevron-down" className={`wo-menu-chevron${open ? ' open' : ''}`} />
      </button>
      <Collapse isOpen={open} keepChildrenMounted transitionDuration={reducedMotion ? 0 : undefined}>
        <div className="wo-menu-children">
          <MenuLevel routes={route.children} match={match} collapsed={false} depth={depth + 1} />
        </div>
      </Collapse>
    </div>
  );
}

type GroupProps = {
  route: AppRoute;
  match: AppRoute;
  collapsed: boolean;
  depth: number;
  openId: number | null;
  onToggle: (id: number) => void;
};

function MenuLevel({ routes, match, collapsed, depth }: SideMenuProps & { depth: number }) {
  const entries = flattenSingles(routes);
  const activeGroup = entries.find((r) => r.isDirectory && containsRoute(r, match))?.id ?? null;
  const [openIds, setOpenIds] = useState<number[]>(activeGroup ? [activeGroup] : []);
  useEffect(() => {
    if (activeGroup !== null)
      setOpenIds((ids) =>
        ids.includes(activeGroup) ? ids : settings.uniqueOpened ? [activeGroup] : [...ids, activeGroup],
      );
  }, [activeGroup]);
  const handleToggle = (id: number) =>
    setOpenIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : settings.uniqueOpened ? [id] : [...ids, id]));
  return (
    <>
      {entries.map((route) =>
        route.isDirectory ? (
          <Group
            key={route.id}
            route={route}
            match={match}
            collapsed={collapsed}
            depth={depth}
            openId={openIds.includes(route.id) ? route.id : null}
            onToggle={handleToggle}
          />
        ) : (
          <SideItem key={route.id} route={route} collapsed={collapsed} />
        ),
      )}
    </>
  );
}

export function SideMenu({ routes, match, collapsed }: SideMenuProps) {
  const { t } = useTranslation();
  return (
    <nav className="wo-side-menu" aria-label={t('nav.mainMenu')}>
      <MenuLevel routes={visibleMenu(routes)} match={match} collapsed={collapsed} depth={0} />
    </nav>
  );
}
