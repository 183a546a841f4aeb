// A widget's frame: its title (a link to the page its figures come from, when the user may open that page), the
// "as of" badge of the figures shown, a skeleton until the first figures arrive, and a stale look — muted, the badge
// kept and marked — while the channel is degraded or offline (the figures are then the last ones received).
import { Card, Classes, Icon, Intent, Tag } from '@blueprintjs/core';
import type { WidgetId } from '@waterops/shared/dashboard';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../components/dateRange.ts';
import type { ChannelState } from '../../live/liveClient.ts';
import { useNow } from '../workorder/useNow.ts';
import './dashboard.css';

/** The badge's time: hours and minutes on the day it is read, with the date before that (the full time in its title). */
export const asOfTime = (asOf: string, now: Date): string => {
  const at = formatDateTime(new Date(asOf));
  return at.slice(0, 10) === formatDateTime(now).slice(0, 10) ? at.slice(11, 16) : at.slice(5, 16);
};

export type WidgetCardProps = {
  /** which widget: its title */
  widget: WidgetId;
  /** the source page's route, null when the user cannot open it (no link then) */
  sourcePath: string | null;
  /** the channel's status and refusal */
  state: Pick<ChannelState<never>, 'status' | 'error'>;
  /** when the figures shown were computed, null before any arrived */
  asOf: string | null;
  /** there is something to show (else a skeleton while connecting, a note otherwise) */
  ready: boolean;
  /** extra class of the card (the grid's spans) */
  className?: string;
  /** the figures */
  children: ReactNode;
};

export function WidgetCard({ widget, sourcePath, state, asOf, ready, className, children }: WidgetCardProps) {
  const { t } = useTranslation();
  const now = useNow(60_000);
  const titleId = useId();
  const title = t(`dashboard.widget.${widget}`);
  const stale = ready && (state.status === 'degraded' || state.status === 'offline');
  const busy = !ready && state.status === 'connecting';
  return (
    <Card
      elevation={0}
      role="region"
      aria-labelledby={titleId}
      aria-busy={busy}
      className={`wo-dash-card wo-dash-${widget}${stale ? ' wo-dash-stale' : ''}${className ? ` ${className}` : ''}`}
    >
      <div className="wo-dash-head">
        <h3 id={titleId} className="wo-dash-title">
          {sourcePath ? (
            <Link to={sourcePath} title={t('dashboard.openSource', { title })}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {asOf && (
          <Tag
            minimal
            round
            intent={stale ? Intent.WARNING : Intent.NONE}
            icon={stale ? <Icon icon="outdated" /> : undefined}
            className="wo-dash-asof"
            title={stale ? t('dashboard.stale') : formatDateTime(new Date(asOf))}
          >
            {t('dashboard.asOf', { time: asOfTime(asOf, now) })}
          </Tag>
        )}
      </div>
      {ready ? (
        <div className="wo-dash-body">{children}</div>
      ) : busy ? (
        <div className="wo-dash-body">
          <div className={`wo-dash-skeleton-line ${Classes.SKELETON}`} />
          <div className={`wo-dash-skeleton-block ${Classes.SKELETON}`} />
        </div>
      ) : (
        <p className={`wo-dash-note ${Classes.TEXT_MUTED}`}>
          {state.error ? t('dashboard.refused', { message: state.error.message }) : t('dashboard.unavailable')}
        </p>
      )}
    </Card>
  );
}
