// The big screen (`#/bigScreen`, issue 18): a wall display's whole page, no shell. It signs in with nothing but a
// display token an administrator issued (never a sign-in form), lays a dark 16:9-and-wider canvas over the whole
// screen (screenCanvas.ts), rotates its scenes by the address's settings (screenConfig.ts), moves a few pixels every
// few minutes against burn-in, and rides out the network: the widgets keep their last figures with their "as of"
// time, a banner says the link is lost within seconds, and the live layer catches up by itself when it is back.
import { Classes, Icon } from '@blueprintjs/core';
import { type CSSProperties, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { appLiveClient } from '../../../live/appLiveClient.ts';
import { useCurrentUserQuery } from '../../auth/authApi.ts';
import { AlarmsWidget } from '../AlarmsWidget.tsx';
import { CommunityRankingWidget } from '../CommunityRankingWidget.tsx';
import { DataRadarWidget } from '../DataRadarWidget.tsx';
import { MessagesWidget } from '../MessagesWidget.tsx';
import { OverviewWidget } from '../OverviewWidget.tsx';
import { ReadingRateWidget } from '../ReadingRateWidget.tsx';
import { WaterLossWidget } from '../WaterLossWidget.tsx';
import { WorkOrdersWidget } from '../WorkOrdersWidget.tsx';
import { useDisplaySession } from './displaySession.ts';
import { gatewayLink$, initialLink, type LinkState } from './gatewayLink.ts';
import { ScreenNightFlowPanel } from './ScreenNightFlowPanel.tsx';
import { ScreenOrderBoard } from './ScreenOrderBoard.tsx';
import { columnsFor, fitCanvas } from './screenCanvas.ts';
import { parseScreenConfig, type SceneId } from './screenConfig.ts';
import { usePixelShift, useSceneIndex, useSecondClock, useViewport } from './screenTimers.ts';
import './bigScreen.css';

const ScreenMapScene = lazy(() => import('./ScreenMapScene.tsx').then((m) => ({ default: m.ScreenMapScene })));

const NO_LINK = { sourcePath: null } as const;

/** Each scene's widgets; every scene stays mounted (the map is built once), only the one on show is visible. */
const SCENES: Record<SceneId, () => React.ReactNode> = {
  overview: () => (
    <div className="wo-screen-grid wo-screen-overview">
      <OverviewWidget {...NO_LINK} />
      <ReadingRateWidget {...NO_LINK} />
      <AlarmsWidget {...NO_LINK} />
      <DataRadarWidget {...NO_LINK} />
      <CommunityRankingWidget {...NO_LINK} />
      <MessagesWidget {...NO_LINK} rows={30} scrolling />
    </div>
  ),
  map: () => (
    <div className="wo-screen-grid wo-screen-mapscene">
      <Suspense fallback={<div className="wo-screen-map" />}>
        <ScreenMapScene />
      </Suspense>
      <AlarmsWidget {...NO_LINK} />
      <MessagesWidget {...NO_LINK} rows={30} scrolling />
    </div>
  ),
  leakage: () => (
    <div className="wo-screen-grid wo-screen-leakage">
      <WaterLossWidget {...NO_LINK} />
      <DataRadarWidget {...NO_LINK} />
      <ReadingRateWidget {...NO_LINK} />
      <ScreenNightFlowPanel districts={4} />
    </div>
  ),
  workOrders: () => (
    <div className="wo-screen-grid wo-screen-workorders">
      <WorkOrdersWidget {...NO_LINK} />
      <ScreenOrderBoard rows={17} />
    </div>
  ),
};

/** China time for the header, whatever the display machine's own zone: 'YYYY-MM-DD 周一 HH:mm:ss'. */
const clockText = (now: Date, locale: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat(locale, {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.weekday} ${parts.hour}:${parts.minute}:${parts.second}`;
};

function useGatewayLink(): LinkState {
  const [link, setLink] = useState(initialLink);
  useEffect(() => {
    const sub = gatewayLink$(appLiveClient().connection$).subscribe(setLink);
    return () => sub.unsubscribe();
  }, []);
  return link;
}

function ScreenFrame({ query }: { query: URLSearchParams }) {
  const { t, i18n } = useTranslation();
  const config = useMemo(() => parseScreenConfig(query), [query]);
  const viewport = useViewport();
  const fit = fitCanvas(viewport);
  const shift = usePixelShift();
  const sceneIndex = useSceneIndex(config);
  const link = useGatewayLink();
  const now = useSecondClock();
  const screen = useCurrentUserQuery().data;
  const shown = config.scenes[sceneIndex]?.id ?? config.scenes[0]?.id;
  const ids = [...new Set(config.scenes.map((s) => s.id))];
  const style = {
    width: fit.width,
    height: fit.height,
    transform: `translate(${shift.x}px, ${shift.y}px) scale(${fit.scale})`,
    '--wo-screen-cols': columnsFor(fit.width, 4),
  } as CSSProperties;
  return (
    <div className={`wo-screen ${Classes.DARK}`}>
      <div className="wo-screen-canvas" style={style} data-scene={shown}>
        <header className="wo-screen-header">
          <div className="wo-screen-brand">
            <Icon icon="tint" size={28} />
            <span>{screen?.companyName || t('bigScreen.title')}</span>
            {screen?.nickname && <span className="wo-screen-name">{screen.nickname}</span>}
          </div>
          <nav className="wo-screen-scenes" aria-label={t('bigScreen.scenes')}>
            {config.scenes.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a scene may be configured twice; its place is its key
              <span key={i} className={i === sceneIndex ? 'wo-screen-scene-on' : undefined}>
                {t(`bigScreen.scene.${s.id}`)}
              </span>
            ))}
          </nav>
          <time className="wo-screen-clock" dateTime={now.toISOString()}>
            {clockText(now, i18n.language)}
          </time>
        </header>
        {!link.online && (
          <div className="wo-screen-banner" role="alert">
            <Icon icon="offline" size={22} />
            {t('bigScreen.linkLost', { time: clockText(new Date(link.since), i18n.language).slice(-8) })}
          </div>
        )}
        <main className="wo-screen-main">
          {ids.map((id) => (
            <section key={id} className="wo-screen-scene" hidden={id !== shown} aria-label={t(`bigScreen.scene.${id}`)}>
              {SCENES[id]()}
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}

/** What a screen without a valid token shows: a dark page and one line, never a sign-in form. */
function ScreenBlank({ message }: { message: string }) {
  return (
    <div className={`wo-screen wo-screen-blank ${Classes.DARK}`}>
      <p>{message}</p>
    </div>
  );
}

export function BigScreenPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useDisplaySession(location.search);
  // the token leaves the address once kept: not on screen, not in the kiosk's history
  useEffect(() => {
    if (new URLSearchParams(location.search).has('display'))
      void navigate({ pathname: location.pathname, search: session.query.toString() }, { replace: true });
  }, [location.search, location.pathname, navigate, session.query]);
  if (!session.token) return <ScreenBlank message={t('bigScreen.noToken')} />;
  if (session.ended) return <ScreenBlank message={t('bigScreen.tokenEnded')} />;
  if (!session.ready) return <ScreenBlank message="" />;
  return <ScreenFrame query={session.query} />;
}
