// Texts of the complaints page (web) and of the work order a complaint becomes (gateway), in the one catalogue shape
// (shared/src/i18n/messages.ts spreads it).
import type { Label } from '../fields/index.ts';

export const complaintPageMessages = {
  // the work order a complaint is turned into: its title and the facts under the complaint's text
  'complaint.order.title': { 'zh-CN': '{{category}}:{{place}}', en: '{{category}}: {{place}}' },
  'complaint.order.facts': {
    'zh-CN': '投诉编号:{{no}};来源渠道:{{channel}};投诉人:{{complainant}};联系电话:{{phone}}',
    en: 'Complaint {{no}}; channel: {{channel}}; complainant: {{complainant}}; phone: {{phone}}',
  },
  'complaint.order.none': { 'zh-CN': '无', en: 'none' },
} as const satisfies Record<string, Label>;
