// The demo tenant's pipe network, so the pipe pages, the monitoring summary and the operations map are not empty on
// first start: EPANET's Net3 (public domain, US EPA; data/Net3.inp) placed at the map's centre with its lengths
// fitted, through the same plan and writer as the EPANET import. EPANET has no pipe material: the demo gives ductile
// iron to DN300 and up and PE below, as a Chinese utility typically lays them, so the material table has content.
import { readFileSync } from 'node:fs';
import { MAP_CENTER_BD09 } from '@waterops/shared/geo';
import type { Transaction } from 'kysely';
import { parseInp } from '../../services/network/epanet/parseInp.ts';
import { placeNetwork } from '../../services/network/epanet/placeNetwork.ts';
import { planImport } from '../../services/network/epanetImportPlan.ts';
import { writePlan } from '../../services/network/epanetImportRepository.ts';
import type { DB } from '../tables.ts';

/** Codes of the demo network: N3- plus EPANET's ids (N3-101, N3-J-1 …). */
export const DEMO_NETWORK_PREFIX = 'N3-';
const NET3 = new URL('./data/Net3.inp', import.meta.url);

export const seedDemoNetwork = async (tx: Transaction<DB>, companyId: number, at = new Date()): Promise<void> => {
  const parsed = parseInp(readFileSync(NET3, 'utf8'));
  if (!parsed.ok) throw new Error(`demo network Net3.inp does not parse: ${parsed.errors[0]?.code}`);
  const placed = placeNetwork(parsed.network, { origin: MAP_CENTER_BD09, scale: 'fitLengths' });
  const plan = planImport(placed, DEMO_NETWORK_PREFIX);
  plan.pipes = plan.pipes.map((p) => ({ ...p, material: p.diameterMm >= 300 ? 'DI' : 'PE' }));
  await writePlan(tx, companyId, plan, at);
};
