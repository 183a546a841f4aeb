// The console's sound: "enable sound" until the user's gesture unlocks audio, then the tab takes part in the
// leader election (one tab rings) and, while leading, repeats the loudest ringing level's tone until the alarms
// are acknowledged or silenced. Silence is not acknowledgement: it only stops these alarms' sound, in every tab.
import { Button, Classes, Intent, Tooltip } from '@blueprintjs/core';
import type { Alarm, AlarmLevel } from '@waterops/shared/monitoring';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ringingKeys, ringingLevel } from './alarmSound.ts';
import { joinSoundElection, type SoundLeadership } from './alarmSoundLeader.ts';
import { playAlarmTone } from './alarmTone.ts';

/** A ringing alarm's tone repeats this often until silenced or acknowledged. */
export const RING_REPEAT_MS = 5000;

export type AlarmSound = {
  enabled: boolean;
  leading: boolean;
  /** the level ringing now (null = quiet) */
  ringing: AlarmLevel | null;
  enable: () => void;
  silence: () => void;
};

/** `known` = ring keys present when the console first had data (they are not new and never ring). */
export const useAlarmSound = (alarms: readonly Alarm[], known: ReadonlySet<string> | null): AlarmSound => {
  const [enabled, setEnabled] = useState(false);
  const [leading, setLeading] = useState(false);
  const [silenced, setSilenced] = useState<ReadonlySet<string>>(new Set());
  const context = useRef<AudioContext | null>(null);
  const leadership = useRef<SoundLeadership | null>(null);

  const addSilenced = useCallback((keys: string[]) => setSilenced((s) => new Set([...s, ...keys])), []);

  const enable = useCallback(() => {
    // created and resumed inside the click: browsers allow audio only after a user gesture
    const ctx = context.current ?? (typeof AudioContext === 'undefined' ? null : new AudioContext());
    context.current = ctx;
    void ctx?.resume();
    setEnabled(true);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const joined = joinSoundElection(setLeading, addSilenced);
    leadership.current = joined;
    return () => {
      joined.leave();
      leadership.current = null;
      setLeading(false);
    };
  }, [enabled, addSilenced]);

  useEffect(() => () => void context.current?.close(), []);

  const ringing = known ? ringingLevel(alarms, known, silenced) : null;

  useEffect(() => {
    const ctx = context.current;
    if (!enabled || !leading || !ringing || !ctx) return;
    playAlarmTone(ctx, ringing);
    const timer = setInterval(() => playAlarmTone(ctx, ringing), RING_REPEAT_MS);
    return () => clearInterval(timer);
  }, [enabled, leading, ringing]);

  const silence = useCallback(() => {
    if (!known) return;
    const keys = ringingKeys(alarms, known, silenced);
    addSilenced(keys);
    leadership.current?.broadcastSilence(keys);
  }, [alarms, known, silenced, addSilenced]);

  return { enabled, leading, ringing, enable, silence };
};

export type AlarmSoundControlProps = {
  /** the console's sound state */
  sound: AlarmSound;
};

export function AlarmSoundControl({ sound }: AlarmSoundControlProps) {
  const { t } = useTranslation();
  if (!sound.enabled)
    return (
      <Tooltip content={t('alarmConsole.sound.enabledHint')}>
        <Button icon="volume-up" intent={Intent.WARNING} text={t('alarmConsole.sound.enable')} onClick={sound.enable} />
      </Tooltip>
    );
  return (
    <span className="wo-alarm-sound" data-sound-leader={sound.leading ? 'true' : 'false'}>
      <Button
        icon="volume-off"
        intent={sound.ringing ? Intent.DANGER : Intent.NONE}
        text={t('alarmConsole.sound.silence')}
        disabled={!sound.ringing}
        onClick={sound.silence}
      />{' '}
      <span className={Classes.TEXT_MUTED}>
        {t(sound.leading ? 'alarmConsole.sound.leader' : 'alarmConsole.sound.follower')}
      </span>
    </span>
  );
}
