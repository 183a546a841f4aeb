// The query plans behind the list benchmark's cases: the same SQL the repositories send (rows of one page, then the
// count), under EXPLAIN ANALYZE, reduced to the scans used and the execution time — enough to see whether a filter
// found its index or read the whole tenant.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { explainQueries } from './benchApp.ts';

const LOG_COLUMNS = sql.raw('id, user_id, username, operation, detail, ip, result, reason, created_at');
const USER_COLUMNS = sql.raw('t.id, t.username, t.nickname, t.mobile, t.head_img_url, t.enabled, t.created_at');
const DAY = sql`created_at >= '2026-06-01T00:00:00Z' and created_at <= '2026-06-01T23:59:59Z'`;

const queries = (companyId: number, roleId: number): [string, RawBuilder<unknown>][] => {
  const log = (where: RawBuilder<unknown>, offset = 0): [RawBuilder<unknown>, RawBuilder<unknown>] => [
    sql`select ${LOG_COLUMNS} from operation_log where company_id = ${companyId} and ${where}
        order by created_at desc, id desc limit 50 offset ${offset}`,
    sql`select count(*) from operation_log where company_id = ${companyId} and ${where}`,
  ];
  const users = (where: RawBuilder<unknown>, offset = 0): [RawBuilder<unknown>, RawBuilder<unknown>] => [
    sql`select ${USER_COLUMNS} from users t where t.company_id = ${companyId} and ${where}
        order by t.created_at desc, t.id desc limit 50 offset ${offset}`,
    sql`select count(*) from users t where t.company_id = ${companyId} and ${where}`,
  ];
  const byRole = sql`exists (select 1 from user_roles l where l.company_id = t.company_id and l.user_id = t.id
                     and l.role_id = ${roleId})`;
  const cases: [string, [RawBuilder<unknown>, RawBuilder<unknown>]][] = [
    ['accounts page 1', users(sql`true`)],
    ['accounts name contains', users(sql`t.username ilike '%0123%'`)],
    ['accounts deep page', users(sql`true`, 49_950)],
    ['accounts by role', users(byRole)],
    ['log page 1', log(sql`true`)],
    ['log by user name', log(sql`username = 'bench000042'`)],
    ['log one day', log(DAY)],
    ['log deep page', log(sql`true`, 99_950)],
    ['log failed', log(sql`result = 'failed'`)],
    ['log operation', log(sql`operation = 'roleCreate'`)],
    ['log ip prefix', log(sql`ip like '10.42.%'`)],
  ];
  return cases.flatMap(([name, [rows, count]]) => [
    [`${name} (rows)`, rows],
    [`${name} (count)`, count],
  ]);
};

/** EXPLAIN ANALYZE of each case's rows query and count query. */
export const explainListQueries = (db: Kysely<DB>, companyId: number, roleId: number) =>
  explainQueries(db, queries(companyId, roleId));
