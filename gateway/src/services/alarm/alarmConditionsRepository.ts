// The set-based condition producers: SELECTs of alarm_eval's ten columns (type, source kind, id, code, area, level,
// value, limit, parent kind, parent id). They mirror the pure rules: rules/thresholdLevel.ts (voltage, CSQ, RSRP,
// reverse flow) for the meters a batch of readings touched, and rules/offlineLevel.ts for every offline device.
import type { OfflineRule, ThresholdRule } from '@waterops/shared/monitoring';
import { type RawBuilder, sql } from 'kysely';
import { meterIntervalSql } from '../deviceStatus/offlineDevices.ts';

/** How far back the previous read of a meter is looked for (the readings are partitioned by month). */
const PREVIOUS_READ_DAYS = 40;

/**
 * Voltage, CSQ and RSRP below their limits on the meters' latest status, and reverse flow between each meter's
 * latest two reads.
 */
export const readingConditions = (
  companyId: number,
  meterIds: readonly number[],
  rules: { voltage: ThresholdRule; csq: ThresholdRule; rsrp: ThresholdRule; reverseFlowMin: number },
): RawBuilder<unknown> => {
  const ids = sql`${[...meterIds]}::bigint[]`;
  const low = (type: string, column: string, rule: ThresholdRule) => {
    const c = sql.ref(`w.${column}`);
    return sql`
      select ${type}::text, 'meter'::text, w.id, w.meter_code, w.area_id,
        case when ${c} < ${rule.severeValue} then 'severe' else 'alarm' end, ${c}::numeric,
        case when ${c} < ${rule.severeValue} then ${rule.severeValue}::numeric else ${rule.alarmValue}::numeric end,
        null::text, null::bigint
      from water_meters w
      where w.company_id = ${companyId} and w.id = any(${ids}) and ${c} < ${rule.alarmValue}`;
  };
  return sql`
    ${low('voltage', 'voltage', rules.voltage)}
    union all ${low('csq', 'csq', rules.csq)}
    union all ${low('rsrp', 'rsrp', rules.rsrp)}
    union all
    select 'reverseFlow', 'meter', w.id, w.meter_code, w.area_id, 'alarm', (r.rs[2] - r.rs[1])::numeric,
      ${rules.reverseFlowMin}::numeric, null, null
    from water_meters w
    cross join lateral (
      select array_agg(x.reading order by x.read_at desc) as rs from (
        select m.reading, m.read_at from meter_readings m
        where m.company_id = ${companyId} and m.meter_id = w.id and m.read_at <= w.last_report_at
          and m.read_at > w.last_report_at - make_interval(days => ${PREVIOUS_READ_DAYS})
        order by m.read_at desc limit 2) x) r
    where w.company_id = ${companyId} and w.id = any(${ids}) and w.last_report_at is not null
      and r.rs[2] - r.rs[1] > ${rules.reverseFlowMin}`;
};

/** The level CASE of rules/offlineLevel.ts over a `hours` expression, and the limit crossed. */
const offlineLevelSql = (hours: RawBuilder<unknown>, rule: OfflineRule) => ({
  level: sql`case when ${hours} >= ${rule.urgentHours} then 'urgent' when ${hours} >= ${rule.severeHours} then 'severe'
    when ${hours} >= ${rule.alarmHours} then 'alarm' else 'general' end`,
  threshold: sql`case when ${hours} >= ${rule.urgentHours} then ${rule.urgentHours} when ${hours} >= ${rule.severeHours}
    then ${rule.severeHours} when ${hours} >= ${rule.alarmHours} then ${rule.alarmHours} else 0 end::numeric`,
});

const hoursSince = (alias: string, now: Date) =>
  sql`(extract(epoch from (${now.toISOString()}::timestamptz - ${sql.ref(`${alias}.last_report_at`)})) / 3600)`;

/**
 * Offline devices in use that reported at least once (a device never heard from is not an outage). Concentrators
 * stand alone; a collector hangs under its offline concentrator; a meter's no-data alarm under its offline
 * concentrator, else its offline collector. Every meter behind an offline concentrator has no data (its path is
 * down) even before its own silence marks it offline, so the group is complete as soon as the parent is raised.
 */
export const offlineConditions = (
  companyId: number,
  kind: 'concentrator' | 'collector' | 'meter',
  rule: OfflineRule,
  now: Date,
): RawBuilder<unknown> => {
  if (kind === 'concentrator') {
    const h = hoursSince('d', now);
    const l = offlineLevelSql(h, rule);
    return sql`
      select 'offline', 'concentrator', d.id, d.concentrator_code, d.area_id, ${l.level}, round(${h}::numeric, 1),
        ${l.threshold}, null, null
      from concentrators d
      where d.company_id = ${companyId} and d.used and not d.online and d.last_report_at is not null`;
  }
  if (kind === 'collector') {
    const h = hoursSince('d', now);
    const l = offlineLevelSql(h, rule);
    return sql`
      select 'offline', 'collector', d.id, d.collector_code, d.area_id, ${l.level}, round(${h}::numeric, 1),
        ${l.threshold}, case when k.id is null then null else 'concentrator' end, k.id
      from collectors d
      left join concentrators k on k.company_id = d.company_id and k.id = d.concentrator_id and not k.online
        and k.used and k.last_report_at is not null
      where d.company_id = ${companyId} and not d.online and d.last_report_at is not null`;
  }
  const h = hoursSince('d', now);
  const l = offlineLevelSql(h, rule);
  return sql`
    select 'noData', 'meter', d.id, d.meter_code, d.area_id, ${l.level}, round(${h}::numeric, 1), ${l.threshold},
      case when k.id is not null then 'concentrator' when c.id is not null then 'collector' end, coalesce(k.id, c.id)
    from water_meters d
    -- the same offline parents as above (in use, heard from once), so every parent named here has its own alarm
    left join concentrators k on k.company_id = d.company_id and k.id = d.concentrator_id and not k.online
      and k.used and k.last_report_at is not null
    left join collectors c on c.company_id = d.company_id and c.id = d.collector_id and not c.online
      and c.last_report_at is not null
    -- the meter's data path, whatever its state: a concentrator uploads its meters' reads of the hour some minutes
    -- later, so when it dies its meters' silence (from their last read) outlasts the meter limit before its own
    -- (from its last upload) reaches the concentrator limit: up to 50 minutes in which every meter behind it would
    -- raise an ungrouped no-data alarm (91 at once in the demo)
    left join concentrators p on p.company_id = d.company_id and p.id = d.concentrator_id
    where d.company_id = ${companyId} and d.used and d.last_report_at is not null
      and (
        -- behind an offline concentrator a meter has no data path: no data by design, grouped under it at once
        k.id is not null
        or not d.online and (
          -- behind an offline collector, or with no concentrator to hear from: the meter's own silence
          c.id is not null or p.id is null or not p.used or p.last_report_at is null
          -- its concentrator uploaded after the meter's next read was due, without it: the meter is silent, not
          -- the path (until then the silence is the concentrator's, and its offline alarm will group the meter)
          or p.last_report_at > d.last_report_at + make_interval(mins => ${meterIntervalSql('p.report_rate')})
        )
      )`;
};
