// The demo tenant's places and departments, so the registry pages and the account form are not empty on first start
// (issue 5's city simulator adds more), with the work-order crew's teams under their departments (issue 15). Positions
// are BD-09, around the map's default centre near Beijing (spec §9).
import type { Transaction } from 'kysely';
import type { DB } from '../tables.ts';
import { DEMO_TEAMS } from './demoPeople.ts';

const REGIONS: { name: string; areas: { name: string; address: string; lng: number; lat: number }[] }[] = [
  {
    name: '东城片区',
    areas: [
      { name: '和平里小区', address: '东城区和平里北街', lng: 116.4235, lat: 39.9621 },
      { name: '东四小区', address: '东城区东四北大街', lng: 116.4238, lat: 39.9372 },
      { name: '安定门小区', address: '东城区安定门外大街', lng: 116.4144, lat: 39.9545 },
      { name: '崇文门小区', address: '东城区崇文门外大街', lng: 116.4233, lat: 39.9013 },
    ],
  },
  {
    name: '西城片区',
    areas: [
      { name: '月坛小区', address: '西城区月坛北街', lng: 116.3497, lat: 39.9193 },
      { name: '德胜门小区', address: '西城区德胜门外大街', lng: 116.3863, lat: 39.9565 },
      { name: '广安门小区', address: '西城区广安门内大街', lng: 116.3629, lat: 39.8946 },
    ],
  },
  {
    name: '朝阳片区',
    areas: [
      { name: '望京小区', address: '朝阳区望京街', lng: 116.4806, lat: 40.0021 },
      { name: '团结湖小区', address: '朝阳区团结湖路', lng: 116.4697, lat: 39.9359 },
      { name: '双井小区', address: '朝阳区东三环中路', lng: 116.4681, lat: 39.8986 },
      { name: '亚运村小区', address: '朝阳区安立路', lng: 116.4112, lat: 40.0011 },
    ],
  },
];

const DEPARTMENTS = ['营业所', '管网运维部', '客户服务中心'];
/** The crew's teams (demoPeople.ts) under the department they belong to. */
const TEAMS: { name: string; parent: string }[] = [
  { name: DEMO_TEAMS.repair1, parent: '管网运维部' },
  { name: DEMO_TEAMS.repair2, parent: '管网运维部' },
  { name: DEMO_TEAMS.meters, parent: '营业所' },
];

/** Seeds the places and departments; returns the departments' ids by name. */
export const seedDemoPlaces = async (tx: Transaction<DB>, companyId: number): Promise<Record<string, number>> => {
  for (const r of REGIONS) {
    const { id: regionId } = await tx
      .insertInto('regions')
      .values({ company_id: companyId, region_name: r.name, remark: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('areas')
      .values(
        r.areas.map((a) => ({
          company_id: companyId,
          region_id: regionId,
          area_name: a.name,
          address: a.address,
          lng: a.lng,
          lat: a.lat,
          remark: null,
        })),
      )
      .execute();
  }
  const ids: Record<string, number> = {};
  const departments = await tx
    .insertInto('departments')
    .values(DEPARTMENTS.map((name, i) => ({ company_id: companyId, parent_id: 0, name, sort: (i + 1) * 10 })))
    .returning(['id', 'name'])
    .execute();
  for (const d of departments) ids[d.name] = Number(d.id);
  for (const [i, team] of TEAMS.entries()) {
    const { id } = await tx
      .insertInto('departments')
      .values({ company_id: companyId, parent_id: ids[team.parent] ?? 0, name: team.name, sort: (i + 1) * 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[team.name] = Number(id);
  }
  return ids;
};
