import { inflateSync } from 'node:zlib';
import { validateComplaint } from '@waterops/shared/complaint';
import { MAX_IMAGE_BYTES } from '@waterops/shared/user';
import { validateWorkOrderSave } from '@waterops/shared/workorder';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../services/file/imageType.ts';
import { complaintAt, type IntakeArea, type IntakeResident, manualOrderAt } from './operationsIntake.ts';
import { sitePhoto } from './sitePhoto.ts';

const residents: IntakeResident[] = [
  {
    id: 1,
    name: '张伟',
    phone: '13800001111',
    address: '潘家园新村1号楼1单元101室',
    areaId: 7,
    areaName: '潘家园新村',
    meterId: 3,
  },
  {
    id: 2,
    name: '李娜',
    phone: null,
    address: '左家庄东里2号楼2单元202室',
    areaId: 8,
    areaName: '左家庄东里',
    meterId: null,
  },
];
const areas: IntakeArea[] = [
  { id: 7, name: '潘家园新村', address: '潘家园新村', lng: 116.46, lat: 39.88 },
  { id: 8, name: '左家庄东里', address: '左家庄东里', lng: null, lat: null },
];
const MINUTE = 60_000;
const T0 = Date.parse('2026-11-23T02:00:00Z');

describe('what arrives', () => {
  it('complaints the call-taker can save: the rules pass, a resident or a passer-by with a phone', () => {
    const bodies = Array.from({ length: 300 }, (_, i) => complaintAt(42, T0 + i * 7 * MINUTE, residents, areas));
    for (const b of bodies) {
      expect(b).not.toBeNull();
      const body = { ...b, complaintNo: 'TS1' };
      expect(validateComplaint(body)).toEqual([]);
      // within the save schema's bounds
      expect([...(body.content ?? '')].length).toBeLessThanOrEqual(2000);
      expect([...(body.complainant ?? '')].length).toBeLessThanOrEqual(50);
      expect([...(body.address ?? '')].length).toBeLessThanOrEqual(200);
      expect(b?.content).not.toMatch(/\{\w+\}/);
    }
    const fromResidents = bodies.filter((b) => b?.residentId);
    expect(fromResidents.length).toBeGreaterThan(200);
    expect(fromResidents.every((b) => residents.some((r) => r.id === b?.residentId && r.name === b.complainant))).toBe(
      true,
    );
    const passersBy = bodies.filter((b) => !b?.residentId);
    expect(passersBy.length).toBeGreaterThan(0);
    expect(passersBy.every((b) => b?.areaId && /(先生|女士)$/.test(b.complainant))).toBe(true);
    expect(new Set(bodies.map((b) => b?.category)).size).toBeGreaterThanOrEqual(6);
    // the same instant, the same complaint
    expect(complaintAt(42, T0, residents, areas)).toEqual(bodies[0]);
  });

  it('orders the dispatcher can save: the rules pass, placed in an area near its centre', () => {
    const bodies = Array.from({ length: 200 }, (_, i) => manualOrderAt(42, T0 + i * 11 * MINUTE, areas));
    for (const b of bodies) {
      expect(validateWorkOrderSave(b ?? {})).toEqual([]);
      expect([...(b?.title ?? '')].length).toBeLessThanOrEqual(100);
      expect([...(b?.address ?? '')].length).toBeLessThanOrEqual(200);
      expect(`${b?.title}${b?.description}`).not.toMatch(/\{\w+\}/);
      if (b?.areaId === 7) expect(Math.abs((b.lng as number) - 116.46)).toBeLessThan(0.01);
    }
    expect(new Set(bodies.map((b) => b?.type)).size).toBeGreaterThanOrEqual(6);
    expect(manualOrderAt(42, T0, [])).toBeNull();
  });
});

describe('site photos', () => {
  it('are PNG images the upload accepts, fixed by the seed and different from one another', () => {
    const a = sitePhoto(42, 1);
    expect(sniffImageType(a)).toBe('image/png');
    expect(a.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect(sitePhoto(42, 1).equals(a)).toBe(true);
    expect(sitePhoto(42, 2).equals(a)).toBe(false);
    // a well-formed IDAT: 360 rows of a filter byte and 480 RGB pixels
    const idat = a.indexOf('IDAT');
    const length = a.readUInt32BE(idat - 4);
    expect(inflateSync(a.subarray(idat + 4, idat + 4 + length)).length).toBe(360 * (480 * 3 + 1));
  });
});
