// The queue's optional tone for new urgent and high orders: switched on and off by the dispatcher and remembered in
// this browser; the alarm console's synthesized tones (urgent: the fast warble, high: two low beeps) and its tab
// election, on a channel of its own, so with the queue open in several tabs only one of them sounds. Browsers allow
// audio only after a gesture: a remembered "on" waits for the first click or key on the page.
import type { WorkOrder } from '@waterops/shared/workorder';
import { useCallback, useEffect, useRef, useState } from 'react';
import { joinSoundElection } from '../monitoring/alarmSoundLeader.ts';
import { playAlarmTone } from '../monitoring/alarmTone.ts';

export const TONE_STORAGE_KEY = 'workorder:tone';
const CHANNEL = 'waterops-workorder-tone';

const stored = (): boolean => {
  try {
    return localStorage.getItem(TONE_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
};

/** The orders that sound: urgent and high. */
export const soundingOf = (orders: readonly Pick<WorkOrder, 'priority'>[]): 'urgent' | 'high' | null =>
  orders.some((o) => o.priority === 'urgent') ? 'urgent' : orders.some((o) => o.priority === 'high') ? 'high' : null;

export type OrderTone = {
  enabled: boolean;
  /** switches the tone (a click: audio may start) and remembers the choice */
  toggle: () => void;
  /** sounds once for these new orders, if any is urgent or high, in the leading tab */
  announce: (orders: readonly Pick<WorkOrder, 'priority'>[]) => void;
};

export const useOrderTone = (): OrderTone => {
  const [enabled, setEnabled] = useState(stored);
  const leading = useRef(false);
  const context = useRef<AudioContext | null>(null);

  const unlock = useCallback(() => {
    if (typeof AudioContext === 'undefined') return;
    context.current ??= new AudioContext();
    void context.current.resume();
  }, []);

  // a remembered "on": the audio starts with the first gesture on the page
  useEffect(() => {
    if (!enabled || context.current) return;
    const once = () => unlock();
    window.addEventListener('pointerdown', once, { once: true });
    window.addEventListener('keydown', once, { once: true });
    return () => {
      window.removeEventListener('pointerdown', once);
      window.removeEventListener('keydown', once);
    };
  }, [enabled, unlock]);

  useEffect(() => {
    if (!enabled) return;
    const joined = joinSoundElection(
      (lead) => {
        leading.current = lead;
      },
      () => {},
      CHANNEL,
    );
    return () => {
      joined.leave();
      leading.current = false;
    };
  }, [enabled]);

  useEffect(() => () => void context.current?.close(), []);

  const toggle = useCallback(() => {
    setEnabled((on) => {
      const next = !on;
      try {
        localStorage.setItem(TONE_STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // private mode: the choice lasts this visit only
      }
      return next;
    });
    unlock();
  }, [unlock]);

  const announce = useCallback(
    (orders: readonly Pick<WorkOrder, 'priority'>[]) => {
      const sounding = soundingOf(orders);
      const ctx = context.current;
      if (!enabled || !sounding || !leading.current || !ctx) return;
      playAlarmTone(ctx, sounding === 'urgent' ? 'urgent' : 'severe');
    },
    [enabled],
  );

  return { enabled, toggle, announce };
};
