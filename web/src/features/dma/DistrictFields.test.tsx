// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/renderWithStore.tsx';
import { searchMeasuringMeters } from './DistrictFields.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A meter list answering the bulk meters to `bulk=true` and every meter otherwise. */
const serveMeters = (bulk: { id: number; meterCode: string }[], all: { id: number; meterCode: string }[]) =>
  fakeFetch((url) => {
    const rows = new URL(url, 'http://x').searchParams.get('bulk') === 'true' ? bulk : all;
    return { code: 0, msg: 'ok', count: rows.length, data: rows };
  });

describe('the inlet and outlet meter search (issue 19)', () => {
  it('offers the bulk meters matching the typed code', async () => {
    const calls = serveMeters(
      [{ id: 7, meterCode: 'DM-IN-1' }],
      [
        { id: 7, meterCode: 'DM-IN-1' },
        { id: 8, meterCode: 'DM-IN-1A' },
      ],
    );
    expect(await searchMeasuringMeters('DM-IN', 1)).toEqual({ items: [{ id: 7, label: 'DM-IN-1' }], count: 1 });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]?.url ?? '', 'http://x').searchParams.get('meterCode')).toBe('DM-IN');
  });

  it('falls back on every meter when no bulk meter matches (districts set up before meters had kinds)', async () => {
    const calls = serveMeters([], [{ id: 3, meterCode: 'SB003' }]);
    expect(await searchMeasuringMeters('SB0', 1)).toEqual({ items: [{ id: 3, label: 'SB003' }], count: 1 });
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('bulk'))).toEqual(['true', null]);
  });
});
