import type { Binding } from '@waterops/shared/customer';
import { describe, expect, it } from 'vitest';
import { bindingEvents } from './ResidentDetail.tsx';

const binding = (id: number, boundAt: string, end?: { at: string; kind: Binding['unbindKind'] }): Binding => ({
  id,
  residentId: 7,
  residentCode: 'YH000007',
  residentName: '张三',
  meterId: 21,
  meterCode: 'SB00000021',
  boundAt,
  boundBy: 'admin',
  unboundAt: end?.at ?? null,
  unboundBy: end ? 'op' : null,
  unbindKind: end?.kind ?? null,
  remark: null,
});

describe('bindingEvents', () => {
  it('turns bind, take off, rebind into three events in time order, each with who did it', () => {
    const events = bindingEvents([
      binding(2, '2024-05-03T00:00:00Z'),
      binding(1, '2024-05-01T00:00:00Z', { at: '2024-05-02T00:00:00Z', kind: 'takeOff' }),
    ]);
    expect(events.map((e) => [e.kind, e.by])).toEqual([
      ['bound', 'admin'],
      ['takeOff', 'op'],
      ['bound', 'admin'],
    ]);
  });

  it('has no events without bindings', () => {
    expect(bindingEvents([])).toEqual([]);
  });
});
