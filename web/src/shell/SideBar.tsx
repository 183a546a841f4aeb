// The vertical layout's side bar: logo and company name (logo only when collapsed), then the menu.
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { CompanyBrand } from './CompanyBrand.tsx';
import { SideMenu } from './SideMenu.tsx';

export type SideBarProps = {
  /** the user's menu routes */
  routes: AppRoute[];
  /** the active route */
  match: AppRoute;
  /** icons only */
  collapsed: boolean;
};

export function SideBar({ routes, match, collapsed }: SideBarProps) {
  return (
    <aside className="wo-side-bar">
      <div className="wo-side-logo">
        <CompanyBrand compact={collapsed} />
      </div>
      <div className="wo-side-scroll">
        <SideMenu routes={routes} match={match} collapsed={collapsed} />
      </div>
    </aside>
  );
}
