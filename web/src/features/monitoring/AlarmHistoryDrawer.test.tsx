// @vitest-environment jsdom
// An alarm's history as the operator reads it: a level change of the open alarm says from which level to which,
// raised or lowered, with the value and limit (in the unit of the alarm's type) that moved it, in Chinese and English.
import { screen, within } from '@testing-library/react';
import { ALARM_ACTIONS, type AlarmEvent } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { alarmConsoleEn, alarmConsoleZhCN } from '../../locales/features/alarmConsole.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { AlarmHistoryDrawer } from './AlarmHistoryDrawer.tsx';
import { anAlarm } from './alarmTestData.ts';

const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: 'ok', datas });

/** A night-flow leak raised at 告警, re-levelled to 严重 as the nightline rose, then back to 告警. Newest first. */
const events: AlarmEvent[] = [
  {
    id: 3,
    alarmId: 1,
    action: 'levelChanged',
    username: null,
    at: '2026-11-22T19:00:00Z',
    comment: null,
    levelChange: { from: 'severe', to: 'alarm', value: 9, threshold: 8 },
  },
  {
    id: 2,
    alarmId: 1,
    action: 'levelChanged',
    username: null,
    at: '2026-11-21T19:00:00Z',
    comment: null,
    levelChange: { from: 'alarm', to: 'severe', value: 12.3, threshold: 8 },
  },
  { id: 1, alarmId: 1, action: 'raised', username: null, at: '2026-11-20T19:00:00Z', comment: null },
];

const ui = {
  rows: () => within(screen.getAllByRole('table')[0] as HTMLElement).getAllByRole('row'),
};

const open = (lang?: 'en') => {
  fakeUserServer(demoUser({ permissions: ['monitoring:alarm:view'] }), (url) =>
    url.includes('/alarms/1/events') ? ok(events) : undefined,
  );
  renderWithStore(
    <AlarmHistoryDrawer alarm={anAlarm({ id: 1, alarmType: 'nightFlow', level: 'alarm' })} onClose={() => {}} />,
    { session: { signedIn: true } },
    lang,
  );
};

describe("an alarm's level changes in its history", () => {
  it('reads in Chinese: raised and lowered, with the value and the limit', async () => {
    open();
    expect(await screen.findByText('级别由 告警 升为 严重（值 12.3 m³/h / 阈值 8 m³/h）')).toBeTruthy();
    expect(screen.getByText('级别由 严重 降为 告警（值 9 m³/h / 阈值 8 m³/h）')).toBeTruthy();
    const [lowered, raised, first] = ui.rows();
    expect(within(lowered as HTMLElement).getByText('级别变化')).toBeTruthy();
    expect(within(raised as HTMLElement).getByText('系统')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('产生')).toBeTruthy();
  });

  it('reads in English', async () => {
    open('en');
    expect(
      await screen.findByText('Level raised from Alarm to Severe (value 12.3 m³/h / threshold 8 m³/h)'),
    ).toBeTruthy();
    expect(screen.getByText('Level lowered from Severe to Alarm (value 9 m³/h / threshold 8 m³/h)')).toBeTruthy();
    expect(screen.getAllByText('Level changed')).toHaveLength(2);
  });

  it('names every action a history can hold, in both languages', () => {
    for (const catalogue of [alarmConsoleZhCN, alarmConsoleEn]) {
      const names: Record<string, string> = catalogue.alarmConsole.action;
      expect(ALARM_ACTIONS.filter((a) => !names[a])).toEqual([]);
    }
  });
});
