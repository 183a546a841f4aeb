// The work order a complaint becomes: its texts, photos and links carried over.
import type { Complaint } from '@waterops/shared/complaint';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, orderOfComplaint, TITLE_MAX } from './complaintOrder.ts';

const complaint: Complaint = {
  id: 42,
  complaintNo: 'TS202611270001',
  channel: 'hotline12345',
  category: 'noWater',
  status: 'open',
  complainant: '王女士',
  phone: '13800138000',
  residentId: 7,
  residentCode: 'U0007',
  residentName: '王某',
  meterId: 9,
  meterCode: 'M0009',
  areaId: 3,
  areaName: '和平里小区',
  address: '和平里北街 1 号 3 单元',
  content: '家中从早上起一直没水',
  attachments: ['/api-file/a.jpg', '/api-file/b.jpg'],
  workOrderId: null,
  workOrderCode: null,
  workOrderStatus: null,
  reply: null,
  satisfaction: null,
  creatorName: '客服小李',
  createdAt: '2026-11-27T01:00:00.000Z',
  closedAt: null,
  closedBy: null,
  reopenCount: 0,
  updatedAt: '2026-11-27T01:00:00.000Z',
};

describe('orderOfComplaint', () => {
  it('carries the text, photos, links and contact over; the type follows the category', () => {
    const order = orderOfComplaint(complaint, {}, 'zh-CN');
    expect(order).toEqual({
      title: '停水:和平里北街 1 号 3 单元',
      type: 'noWater',
      description:
        '家中从早上起一直没水\n\n投诉编号:TS202611270001;来源渠道:12345热线;投诉人:王女士;联系电话:13800138000',
      source: 'complaint',
      sourceKey: 'complaint:42',
      complaintId: 42,
      attachments: ['/api-file/a.jpg', '/api-file/b.jpg'],
      residentId: 7,
      meterId: 9,
      areaId: 3,
      address: '和平里北街 1 号 3 单元',
      contactName: '王女士',
      contactPhone: '13800138000',
    });
  });

  it('takes a chosen type and priority; names the resident, else the complainant, without an address; in English', () => {
    const noAddress = orderOfComplaint(
      { ...complaint, address: null, phone: null, category: 'leak' },
      { type: 'burst', priority: 'urgent' },
      'en',
    );
    expect(noAddress).toMatchObject({ title: 'Leak: 王某', type: 'burst', priority: 'urgent' });
    expect(noAddress.description).toContain(
      'Complaint TS202611270001; channel: 12345 hotline; complainant: 王女士; phone: none',
    );
    expect(orderOfComplaint({ ...complaint, address: ' ', residentName: null }, {}, 'zh-CN').title).toBe('停水:王女士');
    expect(orderOfComplaint({ ...complaint, category: 'billing' }, {}, 'zh-CN').type).toBe('complaintFollowUp');
  });

  it("stays within the order form's bounds, keeping the facts whole", () => {
    const long = orderOfComplaint({ ...complaint, address: '长'.repeat(300), content: '水'.repeat(2000) }, {}, 'zh-CN');
    expect([...long.title].length).toBe(TITLE_MAX);
    expect([...long.description].length).toBe(DESCRIPTION_MAX);
    expect(long.description.endsWith('联系电话:13800138000')).toBe(true);
  });
});
