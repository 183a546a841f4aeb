// What arrives in the demo's operations (issue 15), through the REST API as the person who takes it: the call-taker
// records a resident's complaint (the resident found with the resident selector, their meter with the meter selector),
// the dispatcher opens an order of their own, the control-room operator raises one from an alarm or a usage exception
// (the most severe one that has none yet) and repair orders for the night-flow job's open leak events.
import { COMPLAINT_PATHS, type Complaint, type ComplaintSave } from '@waterops/shared/complaint';
import { CUSTOMER_PATHS, type Resident } from '@waterops/shared/customer';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { DMA_PATHS, type LeakEvent } from '@waterops/shared/dma';
import { type Alarm, MONITORING_PATHS, USAGE_EXCEPTION_TYPES } from '@waterops/shared/monitoring';
import { addDays, chinaDay } from '@waterops/shared/reading';
import { WORK_ORDER_PATHS, type WorkOrder, type WorkOrderSave } from '@waterops/shared/workorder';
import type { Credentials, OpsClient } from './operationsClient.ts';
import { complaintAt, type IntakeArea, type IntakeResident, manualOrderAt } from './operationsIntake.ts';
import { hash32, unit } from './random.ts';

const MINUTE = 60_000;
/** Device faults the operator sends a crew to (a flat battery, a silent concentrator or meter). */
const DEVICE_ALARMS = ['voltage', 'offline', 'noData'] as const;
const LEVEL_RANK: Record<string, number> = { urgent: 0, severe: 1, alarm: 2, general: 3 };

/** Who acts: the control-room operator, the dispatcher, the call-taker and the crew. */
export type OperationsPeople = {
  operator: Credentials;
  dispatcher: Credentials;
  service: Credentials;
  crew: readonly Credentials[];
};

/** What one tick did: its arrivals, the steps carried out, what was skipped and why. */
export type TickReport = { at: string; arrivals: number; steps: string[]; skipped: string[] };

/** The arrivals of a simulator's people (the residents and areas they know are looked up once). */
export const createArrivals = (api: OpsClient, people: OperationsPeople, seed: number) => {
  const { operator, dispatcher, service } = people;
  let places: { residents: IntakeResident[]; areas: IntakeArea[]; meterCodes: Map<number, string> } | undefined;
  let lastLeakCheck = Number.NEGATIVE_INFINITY;

  /** Residents the call-taker can find (the resident selector, a page here and there) and the areas they live in. */
  const intakePlaces = async () => {
    if (places) return places;
    const residents: IntakeResident[] = [];
    const meterCodes = new Map<number, string>();
    const first = await api.page<Resident>(service, CUSTOMER_PATHS.residents, { page: 1, limit: 1 });
    const pages = Math.max(1, Math.ceil(first.count / 100));
    for (const p of new Set([1, 1 + (hash32(seed, 0x9a9) % pages), 1 + (hash32(seed, 0x9aa) % pages)]))
      for (const r of (await api.page<Resident>(service, CUSTOMER_PATHS.residents, { page: p, limit: 100 })).rows) {
        residents.push({
          id: r.id,
          name: r.residentName,
          phone: r.phone,
          address: r.address,
          areaId: r.areaId,
          areaName: r.areaName,
          meterId: null,
        });
        if (r.meterCodes[0]) meterCodes.set(r.id, r.meterCodes[0]);
      }
    // the residential areas they live in: the address up to the building is the area's
    const areas: IntakeArea[] = [];
    for (const r of residents)
      if (r.areaId !== null && !areas.some((a) => a.id === r.areaId))
        areas.push({
          id: r.areaId,
          name: r.areaName ?? '',
          address: r.address?.replace(/\d+号楼.*$/, '') ?? null,
          lng: null,
          lat: null,
        });
    places = { residents, areas, meterCodes };
    return places;
  };

  /** The resident's meter, found with the meter selector by the code the resident list shows. */
  const meterOfResident = async (residentId: number): Promise<number | null> => {
    const code = places?.meterCodes.get(residentId);
    if (!code) return null;
    const found = await api.page<{ id: number; meterCode: string }>(service, DEVICE_PATHS.meters, {
      meterCode: code,
      limit: 1,
    });
    return found.rows.find((m) => m.meterCode === code)?.id ?? null;
  };

  const newComplaint = async (at: number, report: TickReport) => {
    const { residents, areas } = await intakePlaces();
    const body = complaintAt(seed, at, residents, areas);
    if (!body) return;
    const meterId = body.residentId ? await meterOfResident(body.residentId) : null;
    const complaintNo = await api.result<string>(service, 'POST', COMPLAINT_PATHS.newNo);
    const saved = await api.result<Complaint>(service, 'POST', COMPLAINT_PATHS.save, {
      ...body,
      ...(meterId ? { meterId } : {}),
      complaintNo,
    } satisfies ComplaintSave);
    report.steps.push(`service took complaint ${saved.complaintNo} (${saved.category})`);
  };

  const newManualOrder = async (at: number, report: TickReport) => {
    const body = manualOrderAt(seed, at, (await intakePlaces()).areas);
    if (!body) return;
    const saved = await api.result<WorkOrder>(dispatcher, 'POST', WORK_ORDER_PATHS.save, {
      ...body,
      requestKey: `ops-${seed}-${Math.floor(at / MINUTE)}`,
    } satisfies WorkOrderSave);
    report.steps.push(`dispatcher opened ${saved.code} ${saved.title}`);
  };

  /** An order from an alarm the operator sees: the most severe device or usage alarm that has none yet. */
  const newAlarmOrder = async (at: number, kind: 'alarm' | 'usage', report: TickReport) => {
    const rows: Alarm[] = [];
    for (const alarmType of kind === 'usage' ? USAGE_EXCEPTION_TYPES : DEVICE_ALARMS)
      rows.push(...(await api.page<Alarm>(operator, MONITORING_PATHS.alarms, { alarmType, limit: 200 })).rows);
    const live = rows.filter((a) => a.active && !a.suppressed && (kind === 'alarm' || a.sourceKind === 'meter'));
    // the most severe level standing first
    const rank = (a: Alarm) => LEVEL_RANK[a.level] ?? 9;
    const top = Math.min(...live.map(rank));
    const candidates = live.filter((a) => rank(a) === top).sort((a, b) => a.id - b.id);
    const start = Math.floor(unit(seed, 0xa1a, Math.floor(at / MINUTE)) * candidates.length);
    for (let k = 0; k < Math.min(5, candidates.length); k++) {
      const a = candidates[(start + k) % candidates.length] as Alarm;
      const ordered = await api.page<WorkOrder>(operator, WORK_ORDER_PATHS.list, { alarmId: a.id, limit: 1 });
      if (ordered.count > 0) continue;
      const raised = await api.result<{ order: WorkOrder; created: boolean }>(
        operator,
        'POST',
        WORK_ORDER_PATHS.raise,
        kind === 'usage'
          ? { source: 'usageException', meterId: a.sourceId, exceptionType: a.alarmType, alarmId: a.id }
          : { source: 'alarm', alarmId: a.id },
      );
      if (raised.created) report.steps.push(`operator raised ${raised.order.code} from alarm #${a.id} ${a.alarmType}`);
      return;
    }
  };

  /** Repair orders for the open leak events the night-flow job found that have none (every quarter of an hour). */
  const leakOrders = async (at: number, report: TickReport) => {
    if (at - lastLeakCheck < 15 * MINUTE) return;
    lastLeakCheck = at;
    const districts = await api.page<{ id: number }>(operator, DMA_PATHS.districts, { page: 1, limit: 200 });
    const today = chinaDay(new Date(at));
    for (const d of districts.rows) {
      const series = await api.result<{ events: LeakEvent[] }>(operator, 'GET', DMA_PATHS.nightFlow, {
        districtId: d.id,
        from: addDays(today, -89),
        to: today,
      });
      for (const e of series.events.filter((x) => x.status === 'open')) {
        const ordered = await api.page<WorkOrder>(operator, WORK_ORDER_PATHS.list, { leakEventId: e.id, limit: 1 });
        if (ordered.count > 0) continue;
        const raised = await api.result<{ order: WorkOrder; created: boolean }>(
          operator,
          'POST',
          WORK_ORDER_PATHS.raise,
          { source: 'nightFlowEvent', leakEventId: e.id },
        );
        if (raised.created) report.steps.push(`operator raised ${raised.order.code} for the leak in ${e.districtName}`);
      }
    }
  };

  return { newComplaint, newManualOrder, newAlarmOrder, leakOrders };
};
