import { WIDGET_IDS } from '@waterops/shared/dashboard';
import { describe, expect, it } from 'vitest';
import { widgetAllowed } from './widgetAccess.ts';

const visible = (permissions: string[], notOpened: string[] = []) =>
  WIDGET_IDS.filter((w) => widgetAllowed(w, { permissions, notOpened }));

describe('which widgets a caller sees', () => {
  it('shows a widget to holders of its source page’s permission, every widget to an administrator', () => {
    expect(visible([])).toEqual(['adverts']);
    expect(visible(['device:meter:view'])).toEqual(['overview', 'adverts']);
    expect(visible(['dma:analysis:view', 'reading:record:view'])).toEqual(['waterLoss', 'communityRanking', 'adverts']);
    expect(visible(['admin'])).toEqual([...WIDGET_IDS]);
  });

  it('refuses a widget whose page is not opened for the company, even to an administrator', () => {
    expect(visible(['admin'], ['workorder:view'])).not.toContain('workOrders');
    expect(visible(['admin'], ['workorder:view'])).toContain('alarms');
  });
});
