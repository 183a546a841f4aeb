// The top bar: collapse button and breadcrumbs (vertical) or logo and horizontal menu (horizontal), then the
// error log, the message bell, language, full screen, theme, reload and the avatar menu.
import { Button, Classes, Icon, Menu, MenuDivider, MenuItem, PopoverNext, Position, Tooltip } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../api/message.ts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { activeLocale } from '../app/i18n.ts';
import { saveLocale } from '../app/locale.ts';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { settings } from '../app/settings.ts';
import { useCurrentUserQuery } from '../features/auth/authApi.ts';
import { MessageBell } from '../features/notice/MessageBell.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { CompanyBrand } from './CompanyBrand.tsx';
import { HorizontalMenu } from './HorizontalMenu.tsx';
import { dialogOpened, sideBarToggled, viewReloaded } from './layoutSlice.ts';
import { UserAvatar } from './UserAvatar.tsx';

export type TopBarProps = {
  /** the user's menu routes (for the horizontal menu) */
  routes: AppRoute[];
  /** the active route */
  match: AppRoute;
  /** horizontal layout */
  horizontal: boolean;
  /** a small screen: the side bar is a drawer */
  mobile: boolean;
};

function useFullscreen(): [boolean, () => void] {
  const { t } = useTranslation();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const handleChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);
  const toggle = () => {
    const fail = () => showMessage(t('nav.fullscreenFailed'), 'error');
    try {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(fail);
      else if (document.documentElement.requestFullscreen)
        void document.documentElement.requestFullscreen().catch(fail);
      else fail();
    } catch {
      fail();
    }
  };
  return [full, toggle];
}

function BarButton({
  icon,
  label,
  onClick,
  className,
}: {
  icon: Parameters<typeof Button>[0]['icon'];
  label: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Tooltip content={label} position={Position.BOTTOM} compact>
      <Button variant="minimal" icon={icon} aria-label={label} onClick={onClick} className={className} />
    </Tooltip>
  );
}

export function TopBar({ routes, match, horizontal, mobile }: TopBarProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const collapsed = useAppSelector((s) => s.layout.collapsed);
  const errorCount = useAppSelector((s) => s.errorLog.entries.length);
  const user = useCurrentUserQuery().data;
  const [full, toggleFullscreen] = useFullscreen();
  const [pulsing, setPulsing] = useState(false);

  const handleLanguage = () => {
    saveLocale(activeLocale() === 'en' ? 'zh-CN' : 'en');
    window.location.reload();
  };
  const handleReload = () => {
    dispatch(viewReloaded(match.path));
    setPulsing(true);
    setTimeout(() => setPulsing(false), settings.reloadPulseMs);
  };

  return (
    <div className="wo-top-bar">
      <div className="wo-top-left">
        {(mobile || !horizontal) && (
          <BarButton
            icon={mobile ? 'menu' : collapsed ? 'menu-open' : 'menu-closed'}
            label={mobile ? t('nav.openMenu') : collapsed ? t('nav.expand') : t('nav.collapse')}
            onClick={() => dispatch(sideBarToggled())}
          />
        )}
        {(horizontal || mobile) && <CompanyBrand compact={false} />}
        {horizontal && <HorizontalMenu routes={routes} match={match} />}
        {!horizontal && !mobile && <Breadcrumbs match={match} />}
      </div>
      <div className="wo-top-right">
        {errorCount > 0 && (
          <Tooltip content={t('nav.errorLog')} position={Position.BOTTOM} compact>
            <Button
              variant="minimal"
              intent="danger"
              icon="error"
              aria-label={`${t('nav.errorLog')} (${errorCount})`}
              onClick={() => dispatch(dialogOpened('errorLog'))}
            >
              <span className="wo-count-badge">{errorCount > 99 ? '99+' : errorCount}</span>
            </Button>
          </Tooltip>
        )}
        {/* the message bell (spec §2): live unread notices and to-dos */}
        <MessageBell />
        <Tooltip content={t('nav.language')} position={Position.BOTTOM} compact>
          <Button variant="minimal" icon="translate" onClick={handleLanguage} aria-label={t('nav.language')}>
            {!mobile && <span className="wo-lang-label">{t('nav.languageTarget')}</span>}
          </Button>
        </Tooltip>
        {!mobile && (
          <BarButton
            icon={full ? 'minimize' : 'fullscreen'}
            label={full ? t('nav.exitFullscreen') : t('nav.fullscreen')}
            onClick={toggleFullscreen}
          />
        )}
        <BarButton icon="style" label={t('nav.theme')} onClick={() => dispatch(dialogOpened('theme'))} />
        <BarButton
          icon="refresh"
          label={t('nav.reload')}
          onClick={handleReload}
          className={pulsing ? 'wo-pulse' : undefined}
        />
        <PopoverNext
          placement="bottom-end"
          animation="minimal"
          arrow={false}
          content={
            <Menu>
              <MenuItem
                icon="person"
                text={t('nav.personalCenter')}
                onClick={() => dispatch(dialogOpened('profile'))}
              />
              <MenuItem icon="key" text={t('nav.changePassword')} onClick={() => dispatch(dialogOpened('password'))} />
              <MenuDivider />
              <MenuItem
                icon="log-out"
                intent="danger"
                text={t('nav.logout')}
                onClick={() => dispatch(dialogOpened('logout'))}
              />
            </Menu>
          }
        >
          <button type="button" className={`wo-avatar-button ${Classes.MINIMAL}`} aria-label={t('nav.userMenu')}>
            <UserAvatar user={user} size={28} />
            {!mobile && <span className="wo-avatar-name">{user?.nickname || user?.username}</span>}
            <Icon icon="caret-down" size={12} />
          </button>
        </PopoverNext>
      </div>
    </div>
  );
}
