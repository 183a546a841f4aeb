// The frame of the sign-in and register pages: a branded panel with the product's promise, and the form card.
import { Button, Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../../app/i18n.ts';
import { saveLocale } from '../../app/locale.ts';
import { Logo } from '../../components/Logo.tsx';

export type AuthFrameProps = {
  /** the card's heading */
  title: string;
  /** a line under the heading */
  subtitle: string;
  /** the form */
  children: ReactNode;
};

export function AuthFrame({ title, subtitle, children }: AuthFrameProps) {
  const { t } = useTranslation();
  const handleLanguage = () => {
    saveLocale(activeLocale() === 'en' ? 'zh-CN' : 'en');
    window.location.reload();
  };
  const features = ['login.feature1', 'login.feature2', 'login.feature3', 'login.feature4'] as const;
  const icons = ['pulse', 'layout-grid', 'clipboard', 'bank-account'] as const;
  return (
    <div className="wo-auth">
      <section className="wo-auth-hero" aria-hidden="true">
        <div className="wo-auth-brand">
          <Logo size={40} />
          <span>{t('app.shortTitle')}</span>
        </div>
        <div className="wo-auth-pitch">
          <h2>{t('login.heroTitle')}</h2>
          <p>{t('login.heroText')}</p>
          <ul>
            {features.map((f, i) => (
              <li key={f}>
                <Icon icon={icons[i]} />
                {t(f)}
              </li>
            ))}
          </ul>
        </div>
        <svg className="wo-auth-waves" viewBox="0 0 1200 200" preserveAspectRatio="none" aria-hidden="true">
          <path d="M0 120 C 200 60 400 180 600 120 S 1000 60 1200 120 V200 H0Z" fill="rgba(255,255,255,0.08)" />
          <path d="M0 150 C 250 100 450 200 700 150 S 1050 110 1200 150 V200 H0Z" fill="rgba(255,255,255,0.12)" />
        </svg>
      </section>
      <section className="wo-auth-panel">
        <div className="wo-auth-top">
          <Button
            variant="minimal"
            icon="translate"
            text={t('nav.languageTarget')}
            onClick={handleLanguage}
            aria-label={t('nav.language')}
          />
        </div>
        <div className="wo-auth-card">
          <div className="wo-auth-mobile-brand">
            <Logo size={36} />
            <span>{t('app.shortTitle')}</span>
          </div>
          <h1>{title}</h1>
          <p className="wo-auth-subtitle">{subtitle}</p>
          {children}
        </div>
        <footer className="wo-auth-footer">© {new Date().getFullYear()} WaterOps</footer>
      </section>
    </div>
  );
}
