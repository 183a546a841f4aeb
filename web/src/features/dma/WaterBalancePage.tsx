// 产销差分析 (spec §7 dmaZoneMetering, dmaWaterStatistics): every district's balance for a month, worst 产销差率 first
// and coloured by the CJJ 92-2016 grades; a row opens that district's detail (WaterBalanceDetail). A documented
// exception to "pages are descriptors": a month's analysis, not a list of records to edit.
import { Classes, FormGroup, HTMLSelect, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { DISTRICT_KINDS, type ZoneMeteringRow } from '@waterops/shared/dma';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MonthSelect } from '../../components/MonthSelect.tsx';
import { useViewActive } from '../../shell/viewActive.ts';
import { GradeTag, RateText } from './BalanceTags.tsx';
import { figure, lastFullMonth, sortByRate } from './balanceFormat.ts';
import { useZoneMeteringQuery } from './dmaApi.ts';
import { WaterBalanceDetail } from './WaterBalanceDetail.tsx';
import './dma.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function BalanceTable({
  rows,
  activeId,
  onOpen,
}: {
  rows: readonly ZoneMeteringRow[];
  activeId: number | null;
  onOpen: (row: ZoneMeteringRow) => void;
}) {
  const { t } = useTranslation();
  return (
    <HTMLTable compact striped interactive className="wo-dma-table" aria-label={t('dma.balance.table')}>
      <thead>
        <tr>
          <th>{t('dma.balance.district')}</th>
          <th>{t('dma.balance.kind')}</th>
          <th className="wo-num">{t('dma.balance.supplied')}</th>
          <th className="wo-num">{t('dma.balance.billed')}</th>
          <th className="wo-num">{t('dma.balance.nrw')}</th>
          <th className="wo-num">{t('dma.balance.nrwRate')}</th>
          <th className="wo-num">{t('dma.balance.comprehensiveRate')}</th>
          <th className="wo-num">{t('dma.balance.assessedRate')}</th>
          <th>{t('dma.balance.grade')}</th>
          <th className="wo-num">{t('dma.balance.ili')}</th>
          <th className="wo-num">{t('dma.balance.perConnection')}</th>
          <th className="wo-num">{t('dma.balance.nightline')}</th>
          <th className="wo-num">{t('dma.balance.openEvents')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr
            key={r.districtId}
            className={`wo-dma-row${r.districtId === activeId ? ' wo-dma-row-active' : ''}`}
            onClick={() => onOpen(r)}
          >
            <td>
              {/* the row opens on click; the button makes it reachable by keyboard too */}
              <button type="button" className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}>
                {r.districtName}
              </button>
            </td>
            <td>{t(`dma.district.kinds.${r.kind}`)}</td>
            <td className="wo-num">{figure(r.suppliedM3)}</td>
            <td className="wo-num">{figure(r.billedM3)}</td>
            <td className="wo-num">{figure(r.nrwM3)}</td>
            <td className="wo-num">
              <RateText rate={r.productionSalesDifferenceRate} />
            </td>
            <td className="wo-num">
              <RateText rate={r.comprehensiveLossRate} />
            </td>
            <td className="wo-num">
              <RateText rate={r.assessedLossRate} />
            </td>
            <td>
              <GradeTag grade={r.grade} />
            </td>
            <td className="wo-num">{figure(r.ili, 2)}</td>
            <td className="wo-num">{figure(r.nrwLitresPerConnectionPerDay)}</td>
            <td className="wo-num">{figure(r.nightline, 2)}</td>
            <td className="wo-num">
              {r.openLeakEvents > 0 ? (
                <Tag intent="danger" minimal>
                  {r.openLeakEvents}
                </Tag>
              ) : (
                0
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function WaterBalancePage() {
  const { t } = useTranslation();
  const ids = { month: useId(), kind: useId() };
  // a link (the operations map's panel) may name the month and the district to open: ?month=YYYY-MM&districtId=
  const [params] = useSearchParams();
  const askedMonth = params.get('month');
  const askedDistrict = Number(params.get('districtId')) || null;
  const [month, setMonth] = useState(() => (askedMonth && MONTH.test(askedMonth) ? askedMonth : lastFullMonth()));
  const [kind, setKind] = useState('');
  const [open, setOpen] = useState<ZoneMeteringRow | null>(null);
  const [pending, setPending] = useState<number | null>(askedDistrict);
  const active = useViewActive();
  const valid = MONTH.test(month);
  const { data, isFetching, isError } = useZoneMeteringQuery(
    { month, ...(kind ? { kind: Number(kind) } : {}) },
    { skip: !valid },
  );
  const rows = useMemo(() => sortByRate(data ?? []), [data]);
  useEffect(() => {
    if (askedMonth && MONTH.test(askedMonth)) setMonth(askedMonth);
    setPending(askedDistrict);
  }, [askedMonth, askedDistrict]);
  useEffect(() => {
    if (pending === null || !data) return;
    const row = data.find((r) => r.districtId === pending);
    if (row) setOpen(row);
    setPending(null);
  }, [pending, data]);

  return (
    <div className="wo-page">
      <div className="wo-page-head">
        <h1>{t('dma.balance.title')}</h1>
      </div>
      <div className="wo-filters wo-dma-toolbar">
        <FormGroup label={t('dma.balance.month')} labelFor={ids.month} inline>
          <MonthSelect
            id={ids.month}
            value={month}
            onChange={(m) => {
              setMonth(m);
              setOpen(null);
            }}
          />
        </FormGroup>
        <FormGroup label={t('dma.balance.kind')} labelFor={ids.kind} inline>
          <HTMLSelect
            id={ids.kind}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value)}
            options={[
              { value: '', label: t('dma.all') },
              ...DISTRICT_KINDS.map((k) => ({ value: String(k), label: t(`dma.district.kinds.${k}`) })),
            ]}
          />
        </FormGroup>
        <span className={Classes.TEXT_MUTED}>{t('dma.balance.legend')}</span>
      </div>
      <div className="wo-table-card">
        {isFetching && !data ? (
          <Spinner size={32} />
        ) : isError ? (
          <NonIdealState icon="error" title={t('request.unknown')} />
        ) : rows.length === 0 ? (
          <NonIdealState
            icon="layout-group-by"
            title={t('dma.balance.empty')}
            description={t('dma.balance.emptyHint')}
          />
        ) : (
          <>
            <p className={Classes.TEXT_MUTED}>{t('dma.balance.rowHint')}</p>
            <div className="wo-dma-scroll">
              <BalanceTable rows={rows} activeId={open?.districtId ?? null} onOpen={setOpen} />
            </div>
          </>
        )}
      </div>
      {/* kept while another tab is shown (the drawer's portal would stay over it), shown again on return */}
      {open && valid && active && (
        <WaterBalanceDetail
          districtId={open.districtId}
          districtName={open.districtName}
          month={month}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
