// The complaint's actions per state: what the page offers is what the routes accept.
import { describe, expect, it } from 'vitest';
import { type ComplaintState, complaintActions, complaintRefusal, reopenDeadline } from './complaintActions.ts';
import { validateComplaint, validateComplaintOver } from './complaintRequests.ts';

const now = new Date('2026-11-27T08:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
const state = (s: Partial<ComplaintState>): ComplaintState => ({
  status: 'open',
  closedAt: null,
  workOrderId: null,
  workOrderStatus: null,
  ...s,
});

describe('complaintActions', () => {
  it.each([
    ['open, never ordered', state({}), ['edit', 'workOrder', 'over', 'delete']],
    [
      'ordered, its order open',
      state({ status: 'ordered', workOrderId: 5, workOrderStatus: 'processing' }),
      ['edit', 'over'],
    ],
    [
      'ordered, its order cancelled: a new order may be made; never deleted',
      state({ status: 'ordered', workOrderId: 5, workOrderStatus: 'cancelled' }),
      ['edit', 'workOrder', 'over'],
    ],
    ['closed an hour ago', state({ status: 'closed', closedAt: hoursAgo(1) }), ['reopen', 'delete']],
    ['closed exactly 72 h ago', state({ status: 'closed', closedAt: hoursAgo(72) }), ['reopen', 'delete']],
    ['closed 72 h and a minute ago', state({ status: 'closed', closedAt: hoursAgo(72 + 1 / 60) }), ['delete']],
    [
      'closed after an order',
      state({ status: 'closed', closedAt: hoursAgo(80), workOrderId: 5, workOrderStatus: 'closed' }),
      [],
    ],
  ] as const)('%s', (_, c, expected) => {
    expect(complaintActions(c, now)).toEqual(expected);
  });

  it('gives the reason of each refusal', () => {
    expect(complaintRefusal('edit', state({ status: 'closed', closedAt: hoursAgo(1) }), now)).toBe(
      'complaint.refused.closed',
    );
    expect(complaintRefusal('reopen', state({}), now)).toBe('complaint.refused.notClosed');
    expect(complaintRefusal('reopen', state({ status: 'closed', closedAt: hoursAgo(73) }), now)).toBe(
      'complaint.refused.reopenExpired',
    );
    expect(
      complaintRefusal('delete', state({ status: 'ordered', workOrderId: 1, workOrderStatus: 'pending' }), now),
    ).toBe('complaint.refused.ordered');
    expect(reopenDeadline(hoursAgo(0)).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });
});

describe('the intake rules', () => {
  it('asks for the number (spec §5 verbatim), complainant and content; checks the phone', () => {
    expect(validateComplaint({ complaintNo: ' ', complainant: '', content: '', phone: '123' })).toEqual([
      { field: 'complaintNo', message: 'complaint.rules.noRequired' },
      { field: 'complainant', message: 'complaint.rules.complainantRequired' },
      { field: 'phone', message: 'complaint.rules.phoneFormat' },
      { field: 'content', message: 'complaint.rules.contentRequired' },
    ]);
    expect(
      validateComplaint({ complaintNo: 'TS1', complainant: '张', content: '停水', phone: '010-12345678' }),
    ).toEqual([]);
    expect(validateComplaintOver({ reply: '  ' })).toEqual([
      { field: 'reply', message: 'complaint.rules.replyRequired' },
    ]);
  });
});
