// The demo tenant's notices, so the bell is not empty on first start: two notices to everyone, one to the operators.
// Its to-dos are real: the work-order history (demoWorkOrders.ts) leaves them where assignments, reminders and
// escalations put them.
import type { Transaction } from 'kysely';
import { publishNotice } from '../../services/notice/noticeRepository.ts';
import type { DB } from '../tables.ts';
import type { CreatedTenant } from './createTenant.ts';

const NOTICES = [
  {
    title: '计划停水通知',
    content: '因管网维修,东城片区和平里小区将于本周六 9:00-15:00 停水,请提前通知住户做好储水准备。',
    target: 'company' as const,
  },
  {
    title: '月末抄表安排',
    content: '本月月末冻结将于 1 日 0:00 自动执行,请各片区在此之前完成抄表底数核对。',
    target: 'company' as const,
  },
  {
    title: '夜班交接提醒',
    content: '夜班值守人员请于 20:00 前完成告警台账交接,未确认的紧急告警需电话通知值班主管。',
    target: 'roles' as const,
  },
];

export const seedDemoNotices = async (tx: Transaction<DB>, tenant: CreatedTenant, at = new Date()): Promise<void> => {
  // the demo's first user is its administrator (seedDatabase's demoTenant)
  const adminId = Object.values(tenant.userIds)[0] as number;
  for (const [i, n] of NOTICES.entries()) {
    const roleIds = n.target === 'roles' ? [tenant.roleIds.OPERATOR] : [];
    // a minute apart, oldest first, so the bell's newest-first order is visible
    const when = new Date(at.getTime() - (NOTICES.length - i) * 60_000);
    await publishNotice(tx, tenant.companyId, { ...n, roleIds, userIds: [] }, adminId, when);
  }
};
