import { DEFAULT_HOME_LAYOUT, type HomeLayout, type WidgetId } from '@waterops/shared/dashboard';
import { describe, expect, it } from 'vitest';
import { moveWidget, toggleWidget, widgetsOf } from './layoutDraft.ts';

const ids = (l: HomeLayout) => l.widgets.map((w) => w.id);
const all = new Set(DEFAULT_HOME_LAYOUT.widgets.map((w) => w.id));

describe('the layout draft', () => {
  it('moves a widget past its neighbour, and not past an end', () => {
    expect(ids(moveWidget(DEFAULT_HOME_LAYOUT, 'readingRate', -1, all)).slice(0, 2)).toEqual([
      'readingRate',
      'overview',
    ]);
    expect(moveWidget(DEFAULT_HOME_LAYOUT, 'overview', -1, all)).toEqual(DEFAULT_HOME_LAYOUT);
    expect(moveWidget(DEFAULT_HOME_LAYOUT, 'adverts', 1, all)).toEqual(DEFAULT_HOME_LAYOUT);
  });

  it('skips the widgets the user may not see, which keep their places', () => {
    const allowed = new Set<WidgetId>(['overview', 'alarms']);
    const moved = moveWidget(DEFAULT_HOME_LAYOUT, 'alarms', -1, allowed);
    expect(ids(moved).slice(0, 3)).toEqual(['alarms', 'readingRate', 'overview']);
    expect(widgetsOf(moved, allowed, false).map((w) => w.id)).toEqual(['alarms', 'overview']);
  });

  it('hides and shows, and lists only the shown ones for the page', () => {
    const hidden = toggleWidget(DEFAULT_HOME_LAYOUT, 'overview');
    expect(hidden.widgets[0]).toEqual({ id: 'overview', hidden: true });
    expect(widgetsOf(hidden, all, true).map((w) => w.id)).not.toContain('overview');
    expect(widgetsOf(hidden, all, false).map((w) => w.id)).toContain('overview');
    expect(toggleWidget(hidden, 'overview')).toEqual(DEFAULT_HOME_LAYOUT);
  });
});
