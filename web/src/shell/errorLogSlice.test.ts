import { describe, expect, it } from 'vitest';
import { errorCaught, errorLogDismissed, errorLogSlice, MAX_ERRORS } from './errorLogSlice.ts';

const reduce = errorLogSlice.reducer;
const caught = (message: string) => errorCaught({ url: '/index', message, details: 'stack', time: 1 });

describe('error log', () => {
  it('records caught errors with ids, serializable', () => {
    const s = reduce(reduce(undefined, caught('a')), caught('b'));
    expect(s.entries.map((e) => [e.id, e.message])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('dismiss empties it; it never grows past the cap', () => {
    let s = reduce(undefined, { type: 'init' });
    for (let i = 0; i < MAX_ERRORS + 5; i++) s = reduce(s, caught(`e${i}`));
    expect(s.entries).toHaveLength(MAX_ERRORS);
    expect(s.entries[0]?.message).toBe('e5');
    expect(reduce(s, errorLogDismissed()).entries).toEqual([]);
  });
});
