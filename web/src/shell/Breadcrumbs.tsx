// Where the active page sits in the menu: its ancestors, then itself.
import { Breadcrumbs as BpBreadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { menuIcon } from './menuIcon.ts';

export type BreadcrumbsProps = {
  /** the active route */
  match: AppRoute;
};

export function Breadcrumbs({ match }: BreadcrumbsProps) {
  const { t } = useTranslation();
  const items = [
    ...match.trail.map((c) => ({ text: c.title })),
    { text: match.title, icon: menuIcon(match.icon), current: true },
  ];
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="wo-breadcrumbs">
      <BpBreadcrumbs items={items} />
    </nav>
  );
}
