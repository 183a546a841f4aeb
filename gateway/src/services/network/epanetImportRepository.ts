// SQL of the EPANET import: which of the planned codes the tenant already holds, and writing a plan (wells first,
// so pipelines can point at them) in the caller's transaction, in batches. Bounded by company_id.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { ImportPlan } from './epanetImportPlan.ts';

const BATCH = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
};

export type CodeClash = { kind: 'well' | 'pipeline' | 'valve'; code: string };

/** The plan's codes the tenant already uses, in wells, pipelines and valves (at most `limit`). */
export const codeClashes = async (
  tx: Transaction<DB>,
  companyId: number,
  plan: ImportPlan,
  limit = 10,
): Promise<CodeClash[]> => {
  const out: CodeClash[] = [];
  const look = async (kind: CodeClash['kind'], codes: string[]) => {
    for (const part of chunks(codes)) {
      if (out.length >= limit || part.length === 0) return;
      const rows =
        kind === 'well'
          ? await tx
              .selectFrom('wells')
              .select('well_code as code')
              .where('company_id', '=', companyId)
              .where('well_code', 'in', part)
              .orderBy('well_code')
              .execute()
          : kind === 'pipeline'
            ? await tx
                .selectFrom('pipelines')
                .select('pipe_code as code')
                .where('company_id', '=', companyId)
                .where('pipe_code', 'in', part)
                .orderBy('pipe_code')
                .execute()
            : await tx
                .selectFrom('valves')
                .select('valve_code as code')
                .where('company_id', '=', companyId)
                .where('valve_code', 'in', part)
                .orderBy('valve_code')
                .execute();
      for (const r of rows) if (out.length < limit) out.push({ kind, code: r.code });
    }
  };
  await look(
    'well',
    plan.wells.map((w) => w.wellCode),
  );
  await look(
    'pipeline',
    plan.pipes.map((p) => p.pipeCode),
  );
  await look(
    'valve',
    plan.valves.map((v) => v.valveCode),
  );
  return out;
};

/** Writes the plan; the caller has checked the codes inside the same transaction. */
export const writePlan = async (
  tx: Transaction<DB>,
  companyId: number,
  plan: ImportPlan,
  at: Date,
  districtId: number | null = null,
): Promise<void> => {
  const wellIds = new Map<string, number>();
  for (const part of chunks(plan.wells)) {
    const rows = await tx
      .insertInto('wells')
      .values(
        part.map((w) => ({
          company_id: companyId,
          well_code: w.wellCode,
          name: w.nodeId,
          well_type: w.wellType,
          elevation_m: w.elevationM,
          lng: w.position?.[0] ?? null,
          lat: w.position?.[1] ?? null,
          district_id: districtId,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'well_code'])
      .execute();
    for (const r of rows) wellIds.set(r.well_code, Number(r.id));
  }
  const codeOfNode = new Map(plan.wells.map((w) => [w.nodeId, w.wellCode]));
  const wellOf = (node: string) => wellIds.get(codeOfNode.get(node) ?? '') ?? null;
  for (const part of chunks(plan.pipes)) {
    await tx
      .insertInto('pipelines')
      .values(
        part.map((p) => ({
          company_id: companyId,
          pipe_code: p.pipeCode,
          pipe_type: 2,
          material: p.material ?? null,
          length_m: p.lengthM,
          diameter_mm: p.diameterMm,
          roughness: p.roughness,
          start_well_id: wellOf(p.from),
          end_well_id: wellOf(p.to),
          district_id: districtId,
          path: p.path ? JSON.stringify(p.path) : null,
          status: p.status,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  for (const part of chunks(plan.valves)) {
    await tx
      .insertInto('valves')
      .values(
        part.map((v) => ({
          company_id: companyId,
          valve_code: v.valveCode,
          name: v.name,
          valve_kind: v.valveKind,
          caliber: v.caliber,
          valve_state: v.valveState,
          lng: v.position?.[0] ?? null,
          lat: v.position?.[1] ?? null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
};
