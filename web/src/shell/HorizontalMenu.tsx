// The horizontal layout's menu: top-level pages as links, groups as drop-down menus.
import { Button, Menu, MenuItem, Popover, Position, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { type AppRoute, visibleMenu } from '../app/router/buildMenuRoutes.ts';
import { menuIcon } from './menuIcon.ts';
import { flattenSingles } from './SideMenu.tsx';

export type HorizontalMenuProps = {
  /** the user's menu routes */
  routes: AppRoute[];
  /** the active route */
  match: AppRoute;
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
          <MenuItem
            key={r.id}
            icon={menuIcon(r.icon)}
            text={r.title}
            href={r.external ? r.path : `#${r.path}`}
            target={r.external ? '_blank' : undefined}
            labelElement={r.badge ? <Tag minimal>{r.badge}</Tag> : undefined}
          />
        ),
      )}
    </>
  );
}

export function HorizontalMenu({ routes }: HorizontalMenuProps) {
  const { t } = useTranslation();
  return (
    <nav className="wo-h-menu" aria-label={t('nav.mainMenu')}>
      {flattenSingles(visibleMenu(routes)).map((r) =>
        r.isDirectory ? (
          <Popover
            key={r.id}
            position={Position.BOTTOM_LEFT}
            minimal
            content={
              <Menu>
                <GroupItems routes={r.children} />
              </Menu>
            }
          >
            <Button variant="minimal" icon={menuIcon(r.icon, 'folder-close')} endIcon="caret-down" text={r.title} />
          </Popover>
        ) : r.external ? (
          <a key={r.id} className="wo-h-item" href={r.path} target="_blank" rel="noopener noreferrer">
            {r.title}
            {r.badge && (
              <Tag minimal round>
                {r.badge}
              </Tag>
            )}
          </a>
        ) : (
          <NavLink key={r.id} to={r.path} className={({ isActive }) => `wo-h-item${isActive ? ' active' : ''}`}>
            {r.title}
            {r.badge && (
              <Tag minimal round>
                {r.badge}
              </Tag>
            )}
          </NavLink>
        ),
      )}
    </nav>
  );
}
