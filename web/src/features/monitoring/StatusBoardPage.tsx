// The status board (设备状态看板): online / offline devices per kind and residential area, live. The cells come from
// the `devices.status` topic (snapshot, then patches, no refresh); until the channel delivers, and whenever it is not
// live, from the REST statusBoard call (polled slowly as a fallback). A card per kind gives the online rate and the
// offline count; the table gives the same per area. An offline count opens the list of those devices in a drawer.
import { Button, Card, Classes, Drawer, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { TOPICS } from '@waterops/shared/live';
import type { DeviceStatusCell } from '@waterops/shared/monitoring';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveChannel } from '../../live/useLive.ts';
import { BOARD_POLL_MS, useStatusBoardQuery } from './monitoringApi.ts';
import { StatusBoardDevices } from './StatusBoardDevices.tsx';
import {
  type AreaRow,
  areaRows,
  BOARD_KINDS,
  type BoardKind,
  type Counts,
  kindTotals,
  onlineRate,
} from './statusBoardModel.ts';
import './StatusBoardPage.css';

type DrillDown = { kind: BoardKind; areaId: number | null; areaName: string | null };

const STATUS_INTENT = {
  live: Intent.SUCCESS,
  connecting: Intent.NONE,
  degraded: Intent.WARNING,
  offline: Intent.DANGER,
};

function RateText({ counts }: { counts: Counts }) {
  const { t } = useTranslation();
  const rate = onlineRate(counts);
  return (
    <span className={Classes.TEXT_MUTED} title={rate === null ? undefined : t('monitoring.board.rate', { rate })}>
      {rate === null ? '—' : `${rate}%`}
    </span>
  );
}

/** An offline count: a button opening the offline devices when there are any. */
function OfflineCount({ count, label, onOpen }: { count: number; label: string; onOpen: () => void }) {
  if (count === 0) return <span className={Classes.TEXT_MUTED}>0</span>;
  return (
    <Button
      className="wo-board-count"
      variant="minimal"
      size="small"
      intent="danger"
      aria-label={label}
      onClick={onOpen}
    >
      {count}
    </Button>
  );
}

function KindCard({ kind, counts, onOpen }: { kind: BoardKind; counts: Counts; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = t(`monitoring.board.kinds.${kind}`);
  const rate = onlineRate(counts);
  return (
    <section aria-label={name}>
      <Card className="wo-board-card">
        <div className={Classes.TEXT_MUTED}>{name}</div>
        <div className="wo-board-card-value">{rate === null ? '—' : `${rate}%`}</div>
        <div className="wo-board-card-line">
          <span>{t('monitoring.board.onlineOf', { online: counts.online, total: counts.total })}</span>
          {counts.offline > 0 ? (
            <Button
              size="small"
              intent="danger"
              variant="outlined"
              aria-label={t('monitoring.board.openOffline', { kind: name, area: t('monitoring.board.allAreas') })}
              onClick={onOpen}
            >
              {t('monitoring.board.offlineCount', { count: counts.offline })}
            </Button>
          ) : (
            <Tag minimal intent="success">
              {t('monitoring.board.allOnline')}
            </Tag>
          )}
        </div>
        <div className="wo-board-bar" aria-hidden>
          <i style={{ width: `${rate ?? 0}%` }} />
        </div>
      </Card>
    </section>
  );
}

function AreaTable({ rows, onOpen }: { rows: AreaRow[]; onOpen: (d: DrillDown) => void }) {
  const { t } = useTranslation();
  // scrolls sideways within its own box on a narrow screen (area names stay on one line, never a character a line)
  return (
    <div className="wo-board-table-scroll">
      <HTMLTable compact striped className="wo-board-table" aria-label={t('monitoring.board.byArea')}>
        <thead>
          <tr>
            <th rowSpan={2} className="wo-board-area">
              {t('monitoring.board.area')}
            </th>
            {BOARD_KINDS.map((k) => (
              <th key={k} colSpan={3} className="wo-board-group">
                {t(`monitoring.board.kinds.${k}`)}
              </th>
            ))}
          </tr>
          <tr>
            {BOARD_KINDS.flatMap((k) => [
              <th key={`${k}o`}>{t('monitoring.board.online')}</th>,
              <th key={`${k}f`}>{t('monitoring.board.offline')}</th>,
              <th key={`${k}r`}>{t('monitoring.board.rateHead')}</th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const areaName = r.areaName ?? t('monitoring.board.noArea');
            return (
              <tr key={r.areaId ?? 0}>
                <th scope="row" className="wo-board-area" title={areaName}>
                  {areaName}
                </th>
                {BOARD_KINDS.flatMap((k) => [
                  <td key={`${k}o`}>{r.kinds[k].online}</td>,
                  <td key={`${k}f`}>
                    {/* devices without an area have no list of their own to open */}
                    {r.areaId === null ? (
                      r.kinds[k].offline
                    ) : (
                      <OfflineCount
                        count={r.kinds[k].offline}
                        label={t('monitoring.board.openOffline', {
                          kind: t(`monitoring.board.kinds.${k}`),
                          area: areaName,
                        })}
                        onOpen={() => onOpen({ kind: k, areaId: r.areaId, areaName })}
                      />
                    )}
                  </td>,
                  <td key={`${k}r`}>
                    <RateText counts={r.kinds[k]} />
                  </td>,
                ])}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

export function StatusBoardPage() {
  const { t } = useTranslation();
  const channel = useLiveChannel<DeviceStatusCell>({ topic: TOPICS.devicesStatus });
  const liveHasData = channel.seq !== null;
  // REST answers first and stands in while the channel is not live (polled slowly: the socket is the fast path)
  const rest = useStatusBoardQuery(undefined, { pollingInterval: channel.status === 'live' ? 0 : BOARD_POLL_MS });
  const cells = liveHasData ? channel.items : (rest.data ?? []);
  const [drill, setDrill] = useState<DrillDown | null>(null);
  const totals = kindTotals(cells);
  const rows = areaRows(cells);
  const loading = !liveHasData && rest.isLoading;

  return (
    <div className="wo-board-page">
      <div className="wo-board-head">
        <h1>{t('monitoring.board.title')}</h1>
        <Tag minimal intent={STATUS_INTENT[channel.status]} icon={channel.status === 'live' ? 'feed' : 'offline'}>
          {t(`live.${channel.status}`)}
        </Tag>
      </div>
      {loading ? (
        <Spinner />
      ) : (
        <>
          <div className="wo-board-cards">
            {BOARD_KINDS.map((k) => (
              <KindCard
                key={k}
                kind={k}
                counts={totals[k]}
                onOpen={() => setDrill({ kind: k, areaId: null, areaName: null })}
              />
            ))}
          </div>
          {rows.length === 0 ? (
            <NonIdealState icon="pulse" title={t('monitoring.board.empty')} />
          ) : (
            <AreaTable rows={rows} onOpen={setDrill} />
          )}
        </>
      )}
      <Drawer
        isOpen={drill !== null}
        onClose={() => setDrill(null)}
        size="72%"
        className="wo-board-drawer"
        title={
          drill
            ? t('monitoring.board.drawerTitle', {
                kind: t(`monitoring.board.kinds.${drill.kind}`),
                area: drill.areaName ?? t('monitoring.board.allAreas'),
              })
            : ''
        }
      >
        <div className={Classes.DRAWER_BODY}>
          {drill && <StatusBoardDevices kind={drill.kind} areaId={drill.areaId} />}
        </div>
      </Drawer>
    </div>
  );
}
