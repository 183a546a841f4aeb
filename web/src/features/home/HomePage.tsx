// Home: a compact greeting by the hour with the user's name, company, roles and today's date; the live dashboards the
// user may see, in their own layout (features/dashboard); and cards for the pages the user can open. Nothing here is
// a made-up figure.
import { Card, Classes, Icon, NonIdealState, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { activeLocale } from '../../app/i18n.ts';
import { buildMenuRoutes, flattenRoutes, visibleMenu } from '../../app/router/buildMenuRoutes.ts';
import { useCompany } from '../../shell/CompanyBrand.tsx';
import { menuIcon } from '../../shell/menuIcon.ts';
import { UserAvatar } from '../../shell/UserAvatar.tsx';
import { useCurrentMenusQuery, useCurrentUserQuery } from '../auth/authApi.ts';
import { DashboardGrid } from '../dashboard/DashboardGrid.tsx';
import { greetingFor } from './greeting.ts';
import './HomePage.css';

const allEntries = (routes: ReturnType<typeof buildMenuRoutes>) =>
  visibleMenu(routes).flatMap(function walk(r): ReturnType<typeof buildMenuRoutes> {
    return r.isDirectory ? r.children.flatMap(walk) : [r];
  });

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUserQuery().data;
  const menus = useCurrentMenusQuery().data;
  const company = useCompany();
  const now = new Date();
  const greeting = greetingFor(now.getHours());
  const date = new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'full' }).format(now);
  const links = useMemo(() => {
    const routes = buildMenuRoutes(menus ?? []);
    const home = new Set(
      flattenRoutes(routes)
        .filter((r) => r.component === 'home/HomePage')
        .map((r) => r.id),
    );
    return allEntries(routes).filter((r) => !home.has(r.id));
  }, [menus]);

  return (
    <div className="wo-page wo-home">
      <Card className="wo-welcome wo-welcome-compact" elevation={0}>
        <UserAvatar user={user} size={48} />
        <div className="wo-welcome-text">
          <h1>
            {t('home.greetingLine', {
              greeting: t(`home.greeting.${greeting}`),
              name: user?.nickname || user?.username,
            })}
          </h1>
          <p className={Classes.TEXT_MUTED}>{t(`home.hint.${greeting}`)}</p>
          <div className="wo-welcome-meta">
            <span>
              <Icon icon="calendar" /> {t('home.today', { date })}
            </span>
            <span>
              <Icon icon="office" /> {company?.name || user?.companyName}
            </span>
            <span className="wo-welcome-roles">
              <Icon icon="people" />
              {(user?.roles ?? []).map((r) => (
                <Tag key={r.id} minimal round>
                  {r.name}
                </Tag>
              ))}
            </span>
          </div>
        </div>
        <svg className="wo-welcome-art" viewBox="0 0 200 120" aria-hidden="true">
          <path d="M0 80 C 40 60 80 100 120 80 S 180 60 200 75 V120 H0Z" fill="var(--wo-accent-soft)" />
          <path d="M0 95 C 50 80 90 115 140 95 S 185 85 200 92 V120 H0Z" fill="var(--wo-accent-soft-strong)" />
          <path
            d="M150 12C150 12 128 38 128 52a22 22 0 0 0 44 0C172 38 150 12 150 12z"
            fill="var(--wo-accent)"
            opacity="0.85"
          />
        </svg>
      </Card>

      <DashboardGrid />

      <section className="wo-section" aria-labelledby="wo-quick-links">
        <div className="wo-section-head">
          <h2 id="wo-quick-links">{t('home.quickLinks')}</h2>
          <span className={Classes.TEXT_MUTED}>{t('home.quickLinksText')}</span>
        </div>
        {links.length === 0 ? (
          <NonIdealState icon="folder-open" title={t('home.noLinks')} />
        ) : (
          <div className="wo-link-grid">
            {links.map((r) => {
              const body = (
                <>
                  <span className="wo-link-icon">
                    <Icon icon={menuIcon(r.icon)} size={20} />
                  </span>
                  <span className="wo-link-title">{r.title}</span>
                  {r.badge && <Tag minimal>{r.badge}</Tag>}
                  <Icon icon={r.external ? 'share' : 'chevron-right'} className="wo-link-arrow" />
                </>
              );
              return r.external ? (
                <a key={r.id} className="wo-link-card" href={r.path} target="_blank" rel="noopener noreferrer">
                  {body}
                </a>
              ) : (
                <Link key={r.id} className="wo-link-card" to={r.path}>
                  {body}
                </Link>
              );
            })}
          </div>
        )}
      </section>

      <Card className="wo-about" elevation={0}>
        <Icon icon="info-sign" size={18} />
        <div>
          <h3>{t('home.about')}</h3>
          <p>{t('home.aboutText')}</p>
        </div>
      </Card>
    </div>
  );
}
