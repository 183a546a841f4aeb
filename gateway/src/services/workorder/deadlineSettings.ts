// A tenant's deadline settings and work calendar, as the deadline function takes them (shared workOrderDeadlines).
// The settings live in parameter config, so the 参数配置 page shows them too; a row a tenant never saved means the
// default (DEFAULT_DEADLINE_SETTINGS):
//   workorder.deadline   <type>.<priority>        "<response minutes>,<resolution minutes>"
//   workorder.calendar   workingTimePriorities    "normal,low"
//   workorder.calendar   workingHours             "" (whole working days) or "08:30-17:30" (China time)
//   workorder.escalation level<N>                 "<response|resolve>,<percent>,<audience+audience…>"
//   workorder.escalation ladder                   "1,2,3" (the levels saved; written with every save, so a ladder
//                                                 saved empty stays empty instead of falling back to the default)
// A disabled row counts as absent. The settings page writes every row at once (saveDeadlineSettings: upsert by
// company, group and code with a readable Chinese name such as 漏损维修·紧急, level rows no longer in the ladder
// deleted); the 参数配置 page shows and edits the same rows.
import {
  DEFAULT_DEADLINE_SETTINGS,
  type DeadlineSettings,
  ESCALATION_AUDIENCES,
  type EscalationAudience,
  type EscalationLevel,
  normalizeSettings,
  parseWorkingHours,
  settingsView,
  type Target,
  type WorkCalendar,
  WorkOrderPriority,
  type WorkOrderSettings,
  WorkOrderType,
} from '@waterops/shared/workorder';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

export const DEADLINE_GROUP = 'workorder.deadline';
export const CALENDAR_GROUP = 'workorder.calendar';
export const ESCALATION_GROUP = 'workorder.escalation';
export const DEADLINE_PARAM_GROUPS = [DEADLINE_GROUP, CALENDAR_GROUP, ESCALATION_GROUP] as const;

export type ParamRow = { key_type: string; code: string; value: string | null; enabled: boolean };

/** Everything the deadline function needs of a tenant: the settings and the calendar with its working hours. */
export type DeadlineContext = { settings: DeadlineSettings; calendar: WorkCalendar };

const positiveInt = (s: string | undefined): number | null => {
  const n = Number((s ?? '').trim());
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** "<response>,<resolve>" → a target; null when malformed. */
export const parseTarget = (value: string | null): Target | null => {
  const [a, b, ...rest] = (value ?? '').split(',');
  const responseMinutes = positiveInt(a);
  const resolveMinutes = positiveInt(b);
  if (rest.length || responseMinutes === null || resolveMinutes === null) return null;
  return { responseMinutes, resolveMinutes };
};

/** "<basis>,<percent>,<a+b>" → a level; null when malformed. */
export const parseEscalation = (level: number, value: string | null): EscalationLevel | null => {
  const [basis, percentText, audiences, ...rest] = (value ?? '').split(',').map((s) => s.trim());
  const percent = positiveInt(percentText);
  const notify = (audiences ?? '').split('+').filter(Boolean) as EscalationAudience[];
  if (rest.length || (basis !== 'response' && basis !== 'resolve') || percent === null) return null;
  if (notify.length === 0 || !notify.every((a) => ESCALATION_AUDIENCES.includes(a))) return null;
  return { level, basis, percent, notify: [...new Set(notify)] };
};

/** The settings the rows state, the defaults for what they do not (a malformed row counts as absent). */
export const settingsFromParams = (rows: readonly ParamRow[]): DeadlineSettings => {
  const on = rows.filter((r) => r.enabled);
  const targets = Object.fromEntries(
    WorkOrderType.values.map((type) => [
      type,
      Object.fromEntries(
        WorkOrderPriority.values.map((p) => {
          const row = on.find((r) => r.key_type === DEADLINE_GROUP && r.code === `${type}.${p}`);
          return [p, (row && parseTarget(row.value)) ?? DEFAULT_DEADLINE_SETTINGS.targets[type][p]];
        }),
      ),
    ]),
  ) as DeadlineSettings['targets'];
  const priorities = on.find((r) => r.key_type === CALENDAR_GROUP && r.code === 'workingTimePriorities');
  const workingTimePriorities =
    priorities === undefined
      ? DEFAULT_DEADLINE_SETTINGS.workingTimePriorities
      : (priorities.value ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => WorkOrderPriority.is(s));
  const levels = on
    .filter((r) => r.key_type === ESCALATION_GROUP && /^level\d$/.test(r.code))
    .map((r) => parseEscalation(Number(r.code.slice(5)), r.value))
    .filter((l): l is EscalationLevel => l !== null)
    .sort((a, b) => a.level - b.level);
  const anyEscalationRow = on.some((r) => r.key_type === ESCALATION_GROUP);
  return {
    targets,
    workingTimePriorities: workingTimePriorities as DeadlineSettings['workingTimePriorities'],
    escalation: anyEscalationRow ? levels : DEFAULT_DEADLINE_SETTINGS.escalation,
  };
};

/** The working hours the rows state: null (whole working days) when absent or malformed. */
export const workingHoursFromParams = (rows: readonly ParamRow[]): WorkCalendar['hours'] => {
  const row = rows.find((r) => r.enabled && r.key_type === CALENDAR_GROUP && r.code === 'workingHours');
  return (row && parseWorkingHours(row.value ?? '')) ?? null;
};

type Db = Kysely<DB> | Transaction<DB>;

/** The tenant's deadline settings and calendar (two small queries). */
export const loadDeadlineContext = async (db: Db, companyId: number): Promise<DeadlineContext> => {
  const [rows, days] = await Promise.all([
    db
      .selectFrom('param_configs')
      .select(['key_type', 'code', 'value', 'enabled'])
      .where('company_id', '=', companyId)
      .where('key_type', 'in', [...DEADLINE_PARAM_GROUPS])
      .execute(),
    db
      .selectFrom('work_calendar_days')
      .select([sql<string>`day::text`.as('day'), 'kind'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  const holidays = new Set<string>();
  const workdays = new Set<string>();
  for (const d of days) (d.kind === 'workday' ? workdays : holidays).add(d.day);
  return {
    settings: settingsFromParams(rows),
    calendar: { holidays, workdays, hours: workingHoursFromParams(rows) },
  };
};

// ── the writing half ────────────────────────────────────────────────────────────────────────────────────────────────

/** A parameter row as the settings write it. */
export type ParamWrite = { keyType: string; code: string; name: string; value: string; sort: number; remark: string };

const zh = (label: { 'zh-CN': string }) => label['zh-CN'];

/** The settings page's view of a tenant's context (what GET settings answers). */
export const settingsOfContext = (ctx: DeadlineContext): WorkOrderSettings =>
  settingsView(ctx.settings, ctx.calendar.hours);

/** Every row that states the settings (valid ones), in the page's order, each with a readable Chinese name. */
export const paramsFromSettings = (input: WorkOrderSettings): ParamWrite[] => {
  const s = normalizeSettings(input);
  const targets = s.targets.map(
    (r, i): ParamWrite => ({
      keyType: DEADLINE_GROUP,
      code: `${r.type}.${r.priority}`,
      name: `${zh(WorkOrderType.labels[r.type])}·${zh(WorkOrderPriority.labels[r.priority])}`,
      value: `${r.responseMinutes},${r.resolveMinutes}`,
      sort: (i + 1) * 10,
      remark: '响应时限分钟,处理时限分钟',
    }),
  );
  const calendar: ParamWrite[] = [
    {
      keyType: CALENDAR_GROUP,
      code: 'workingTimePriorities',
      name: '按工作时间计时的优先级',
      value: s.workingTimePriorities.join(','),
      sort: 10,
      remark: '逗号分隔:urgent,high,normal,low;其余优先级按自然时间计时',
    },
    {
      keyType: CALENDAR_GROUP,
      code: 'workingHours',
      name: '工作时间',
      value: s.workingHours,
      sort: 20,
      remark: '如 08:30-17:30(北京时间);留空表示工作日全天',
    },
  ];
  const escalation: ParamWrite[] = [
    {
      keyType: ESCALATION_GROUP,
      code: 'ladder',
      name: '升级阶梯',
      value: s.escalation.map((l) => l.level).join(','),
      sort: 0,
      remark: '已设置的升级级别;为空表示不升级',
    },
    ...s.escalation.map(
      (l): ParamWrite => ({
        keyType: ESCALATION_GROUP,
        code: `level${l.level}`,
        // a name that stays true when the value is edited on the 参数配置 page
        name: `第${l.level}级升级`,
        value: `${l.basis},${l.percent},${l.notify.join('+')}`,
        sort: l.level * 10,
        remark: 'response|resolve,百分比,通知对象(assignee+dispatchers+managers)',
      }),
    ),
  ];
  return [...targets, ...calendar, ...escalation];
};

/**
 * Writes the settings (valid ones: validateWorkOrderSettings) in tx: every row upserted and enabled, the level rows
 * of levels no longer in the ladder deleted. Rows of these groups the settings do not name are left alone.
 */
export const saveDeadlineSettings = async (
  tx: Transaction<DB>,
  companyId: number,
  settings: WorkOrderSettings,
  at: Date,
): Promise<ParamWrite[]> => {
  const rows = paramsFromSettings(settings);
  await tx
    .insertInto('param_configs')
    .values(
      rows.map((r) => ({
        company_id: companyId,
        key_type: r.keyType,
        code: r.code,
        name: r.name,
        value: r.value,
        enabled: true,
        sort: r.sort,
        remark: r.remark,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'key_type', 'code']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        value: eb.ref('excluded.value'),
        enabled: true,
        sort: eb.ref('excluded.sort'),
        remark: eb.ref('excluded.remark'),
        updated_at: at,
      })),
    )
    .execute();
  const levels = rows.filter((r) => r.keyType === ESCALATION_GROUP && r.code !== 'ladder').map((r) => r.code);
  let gone = tx
    .deleteFrom('param_configs')
    .where('company_id', '=', companyId)
    .where('key_type', '=', ESCALATION_GROUP)
    .where('code', 'like', 'level%');
  if (levels.length) gone = gone.where('code', 'not in', levels);
  await gone.execute();
  return rows;
};
