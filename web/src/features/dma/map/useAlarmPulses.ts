// Live alarms on a map: a pulse where a newly raised alarm's source is (fading over a few seconds, animated frame by
// frame only while one is showing), and a steady ring at every open severe or urgent one. Shared by the operations
// map and the big screen's map scene.
import type { LngLat } from '@waterops/shared/geo';
import type { Alarm } from '@waterops/shared/monitoring';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChannelState } from '../../../live/liveClient.ts';
import { makeLocator, newlyRaised, type Pulse, pulseLook, steadyAlarms } from './alarmPulses.ts';
import type { PulseDatum } from './mapLayers.ts';
import type { MapData } from './useMapData.ts';

export type AlarmMarks = { pulses: PulseDatum[]; steady: LngLat[] };

export function useAlarmPulses(alarms: ChannelState<Alarm>, data: Pick<MapData, 'districts' | 'meters'>): AlarmMarks {
  const seen = useRef<Set<number> | null>(null);
  const [pulses, setPulses] = useState<Pulse[]>([]);
  const [now, setNow] = useState(0);
  const locate = useMemo(() => {
    const centres = new Map<number, LngLat>();
    for (const d of data.districts) if (d.centre) centres.set(d.district.id, d.centre);
    return makeLocator(data.meters?.row ?? new Map(), data.meters?.positions ?? new Float64Array(0), centres);
  }, [data.districts, data.meters]);
  useEffect(() => {
    if (alarms.seq === null) return;
    const { fresh, seen: next } = newlyRaised(seen.current, alarms.items);
    seen.current = next;
    if (fresh.length === 0) return;
    const at = performance.now();
    const added: Pulse[] = [];
    for (const a of fresh) {
      const position = locate(a);
      if (position) added.push({ alarmId: a.id, position, level: a.level, startedAt: at });
    }
    if (added.length > 0) setPulses((p) => [...p, ...added]);
  }, [alarms.items, alarms.seq, locate]);
  useEffect(() => {
    if (pulses.length === 0) return;
    let frame = requestAnimationFrame(function tick(time) {
      setNow(time);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [pulses.length]);
  const pulseData = useMemo<PulseDatum[]>(() => {
    const out: PulseDatum[] = [];
    for (const p of pulses) {
      const look = pulseLook(now - p.startedAt);
      if (look) out.push({ position: p.position, ...look });
    }
    return out;
  }, [pulses, now]);
  useEffect(() => {
    // drop faded pulses (stops the animation loop once none is left)
    if (pulses.length > 0 && pulseData.length === 0 && now > 0) setPulses([]);
  }, [pulses.length, pulseData.length, now]);
  const steady = useMemo(
    () => steadyAlarms(alarms.items).flatMap((a) => locate(a) ?? []) as unknown as LngLat[],
    [alarms.items, locate],
  );
  return { pulses: pulseData, steady };
}
