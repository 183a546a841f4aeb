// What arrives (the demo's operations, issue 15): a resident's complaint as the call-taker records it (the resident and
// meter found with the selectors, or a passer-by reporting a leak in the street) and an order the dispatcher opens on
// their own (inspections, valves, a leak found on patrol, now and then a burst main) — as the save calls' bodies,
// fixed by the seed and the instant, so the history and the live simulator write the same kinds of things.
import type { ComplaintSave } from '@waterops/shared/complaint';
import type { WorkOrderSave } from '@waterops/shared/workorder';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CHANNELS,
  COMPLAINT_CONTENT,
  fill,
  MANUAL_ORDERS,
  MOBILE_PREFIXES,
  PUBLIC_CATEGORIES,
  pick,
  pickWeighted,
  SURNAMES,
} from './operationsTexts.ts';
import { hash32, unit } from './random.ts';

/** A resident the call-taker can find: their meter and place. */
export type IntakeResident = {
  id: number;
  name: string;
  phone: string | null;
  address: string | null;
  areaId: number | null;
  areaName: string | null;
  meterId: number | null;
};
/** A residential area with its position (BD-09). */
export type IntakeArea = { id: number; name: string; address: string | null; lng: number | null; lat: number | null };

const MINUTE = 60_000;

/** A mobile number fixed by the draw. */
const mobileOf = (seed: number, key: number): string =>
  `${pick(MOBILE_PREFIXES, unit(seed, 0x90b, key))}${String(hash32(seed, 0x90c, key) % 100_000_000).padStart(8, '0')}`;

/**
 * The complaint arriving at `at` (everything but its number): its category and channel, who calls (a resident picked
 * from `residents`, or for a street leak now and then a passer-by near one of `areas`) and what they say.
 */
export const complaintAt = (
  seed: number,
  at: number,
  residents: readonly IntakeResident[],
  areas: readonly IntakeArea[],
): Omit<ComplaintSave, 'complaintNo'> | null => {
  const key = Math.floor(at / MINUTE);
  const u = (tag: number) => unit(seed, 0xc01, key, tag);
  const category = pickWeighted(COMPLAINT_CATEGORIES, u(1));
  const channel = pickWeighted(COMPLAINT_CHANNELS, u(2));
  const template = pick(COMPLAINT_CONTENT[category], u(3));
  const passerBy = PUBLIC_CATEGORIES.includes(category) && u(4) < 0.5;
  if (passerBy || residents.length === 0) {
    const area = areas.length ? pick(areas, u(5)) : null;
    if (!area) return null;
    const address = `${area.address ?? area.name}附近`;
    return {
      channel,
      category,
      complainant: `${pick(SURNAMES, u(6))}${u(7) < 0.5 ? '先生' : '女士'}`,
      phone: mobileOf(seed, key),
      areaId: area.id,
      address,
      content: fill(template, { address, area: area.name }),
    };
  }
  const r = pick(residents, u(8));
  const address = r.address ?? r.areaName ?? '';
  return {
    channel,
    category,
    complainant: r.name,
    phone: r.phone ?? mobileOf(seed, key),
    residentId: r.id,
    meterId: r.meterId,
    content: fill(template, { address, area: r.areaName ?? '' }),
  };
};

/** The order the dispatcher opens at `at`: a job of MANUAL_ORDERS in one of `areas`, a little off its centre. */
export const manualOrderAt = (seed: number, at: number, areas: readonly IntakeArea[]): WorkOrderSave | null => {
  const key = Math.floor(at / MINUTE);
  const u = (tag: number) => unit(seed, 0xa01, key, tag);
  const area = areas.length ? pick(areas, u(1)) : null;
  if (!area) return null;
  const job = pickWeighted(
    MANUAL_ORDERS.map((o) => [o, o.weight] as const),
    u(2),
  );
  const address = `${area.address ?? area.name}${1 + Math.floor(u(3) * 24)}号楼旁`;
  const values = { area: area.name, address };
  const off = (tag: number) => (u(tag) - 0.5) * 0.006;
  return {
    title: fill(job.title, values),
    type: job.type,
    priority: job.priority,
    description: fill(job.description, values),
    areaId: area.id,
    address,
    ...(area.lng !== null && area.lat !== null ? { lng: area.lng + off(4), lat: area.lat + off(5) } : {}),
  };
};
