// Where a work order is (issue 15): the meter, resident, residential area and district it is placed by, each checked
// to be the tenant's (a 400 naming the field otherwise) and completed from the others — a meter gives its area,
// address, position and bound resident; a resident their area, address, name and phone; an area its position and
// district — so an order raised from any of them lands on the map and in the right data scope.
import { badRequest } from '../../plugins/errors.ts';
import type { Db } from './workOrderRepository.ts';

/** What a create or an edit says about the place (any may be absent). */
export type LinkInput = {
  meterId?: number | null;
  residentId?: number | null;
  areaId?: number | null;
  districtId?: number | null;
  address?: string | null;
  lng?: number | null;
  lat?: number | null;
  contactName?: string | null;
  contactPhone?: string | null;
};

export const trimmed = (v: string | null | undefined) => v?.trim() || null;

/** The links an order is placed by, checked to be the tenant's and completed from each other. */
export type Links = {
  meterId: number | null;
  residentId: number | null;
  areaId: number | null;
  districtId: number | null;
  address: string | null;
  lng: number | null;
  lat: number | null;
  contactName: string | null;
  contactPhone: string | null;
};

/** The links as the order's columns (a create's values, an edit's changes). */
export const linkColumns = (l: Links) => ({
  address: l.address,
  lng: l.lng,
  lat: l.lat,
  contact_name: l.contactName,
  contact_phone: l.contactPhone,
  meter_id: l.meterId,
  resident_id: l.residentId,
  area_id: l.areaId,
  district_id: l.districtId,
});

export const resolveLinks = async (tx: Db, companyId: number, input: LinkInput): Promise<Links> => {
  const l: Links = {
    meterId: input.meterId ?? null,
    residentId: input.residentId ?? null,
    areaId: input.areaId ?? null,
    districtId: input.districtId ?? null,
    address: trimmed(input.address),
    lng: input.lng ?? null,
    lat: input.lat ?? null,
    contactName: trimmed(input.contactName),
    contactPhone: trimmed(input.contactPhone),
  };
  if (l.meterId !== null) {
    const m = await tx
      .selectFrom('water_meters')
      .select(['area_id', 'address', 'lng', 'lat'])
      .where('company_id', '=', companyId)
      .where('id', '=', l.meterId)
      .executeTakeFirst();
    if (!m) throw badRequest('meterId');
    l.areaId ??= m.area_id === null ? null : Number(m.area_id);
    l.address ??= m.address;
    if (l.lng === null && m.lng !== null && m.lat !== null) [l.lng, l.lat] = [Number(m.lng), Number(m.lat)];
    if (l.residentId === null) {
      const bound = await tx
        .selectFrom('resident_meters')
        .select('resident_id')
        .where('company_id', '=', companyId)
        .where('meter_id', '=', l.meterId)
        .where('unbound_at', 'is', null)
        .executeTakeFirst();
      l.residentId = bound ? Number(bound.resident_id) : null;
    }
  }
  if (l.residentId !== null) {
    const r = await tx
      .selectFrom('residents')
      .select(['area_id', 'address', 'phone', 'resident_name'])
      .where('company_id', '=', companyId)
      .where('id', '=', l.residentId)
      .executeTakeFirst();
    if (!r) throw badRequest(input.residentId ? 'residentId' : 'meterId');
    l.areaId ??= r.area_id === null ? null : Number(r.area_id);
    l.address ??= r.address;
    l.contactName ??= r.resident_name;
    l.contactPhone ??= r.phone;
  }
  if (l.areaId !== null) {
    const a = await tx
      .selectFrom('areas')
      .select(['lng', 'lat', 'address'])
      .where('company_id', '=', companyId)
      .where('id', '=', l.areaId)
      .executeTakeFirst();
    if (!a) throw badRequest('areaId');
    l.address ??= a.address;
    if (l.lng === null && a.lng !== null && a.lat !== null) [l.lng, l.lat] = [Number(a.lng), Number(a.lat)];
    if (l.districtId === null) {
      const d = await tx
        .selectFrom('district_areas')
        .select('district_id')
        .where('company_id', '=', companyId)
        .where('area_id', '=', l.areaId)
        .orderBy('district_id')
        .executeTakeFirst();
      l.districtId = d ? Number(d.district_id) : null;
    }
  }
  if (l.districtId !== null) {
    const d = await tx
      .selectFrom('districts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', l.districtId)
      .executeTakeFirst();
    if (!d) throw badRequest('districtId');
  }
  return l;
};
