// The alarm sounds, synthesized (no audio files): a distinct oscillator pattern per level — urgent a fast
// high two-tone warble, severe two slower low beeps. Counted on window for the browser test.
import type { AlarmLevel } from '@waterops/shared/monitoring';

export type ToneStep = { frequency: number; seconds: number };

/** The patterns (a silent step is frequency 0). Only urgent and severe sound. */
export const ALARM_TONES: Partial<Record<AlarmLevel, ToneStep[]>> = {
  urgent: [880, 660, 880, 660, 880, 660].map((frequency) => ({ frequency, seconds: 0.16 })),
  severe: [
    { frequency: 520, seconds: 0.35 },
    { frequency: 0, seconds: 0.2 },
    { frequency: 520, seconds: 0.35 },
  ],
};

/** The levels that sound, loudest first. */
export const SOUNDING_LEVELS: readonly AlarmLevel[] = ['urgent', 'severe'];

declare global {
  interface Window {
    /** how many alarm tones this tab has played (the browser test reads it) */
    __alarmTones?: number;
  }
}

/** Plays one level's pattern on the context (resumed by the user's gesture earlier). */
export const playAlarmTone = (context: AudioContext, level: AlarmLevel): void => {
  const steps = ALARM_TONES[level];
  if (!steps) return;
  window.__alarmTones = (window.__alarmTones ?? 0) + 1;
  let at = context.currentTime + 0.02;
  for (const step of steps) {
    if (step.frequency > 0) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.setValueAtTime(step.frequency, at);
      // a short ramp in and out: no clicks
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.15, at + 0.01);
      gain.gain.setValueAtTime(0.15, at + step.seconds - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + step.seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + step.seconds);
    }
    at += step.seconds;
  }
};
