// The demo tenant's notices, so the bell is not empty on first start: two notices to everyone, one to the operators.
// Its to-dos are real: the work-order history (demoWorkOrders.ts) leaves them where assignments, reminders and
// escalations put them, and those read in each reader's language (a catalogue key and parameters, todoFor in
// services/workorder/workOrderHistory.ts).
//
// A notice is what a person wrote, in the words they chose: the product never translates it. The demo's notices
// are written the way a utility with staff reading both languages writes one — bilingual, Chinese first, in the one
// notice. One notice per language was the other choice, but the reader's language is a choice of their browser, not
// something WaterOps knows of a user, so a notice cannot be sent to "the English readers": each would get both.
import type { Transaction } from 'kysely';
import { publishNotice } from '../../services/notice/noticeRepository.ts';
import type { DB } from '../tables.ts';
import type { CreatedTenant } from './createTenant.ts';

type DemoNotice = {
  zh: { title: string; content: string };
  en: { title: string; content: string };
  target: 'company' | 'roles';
};

const NOTICES: DemoNotice[] = [
  {
    zh: {
      title: '计划停水通知',
      content: '因管网维修,东城片区和平里小区将于本周六 9:00-15:00 停水,请提前通知住户做好储水准备。',
    },
    en: {
      title: 'Planned water outage',
      content:
        'For mains repairs, Hepingli estate in the Dongcheng district will be without water this Saturday from 9:00 to 15:00. Please tell the residents in good time so they can store water.',
    },
    target: 'company',
  },
  {
    zh: {
      title: '月末抄表安排',
      content: '本月月末冻结将于 1 日 0:00 自动执行,请各片区在此之前完成抄表底数核对。',
    },
    en: {
      title: 'Month-end reading',
      content:
        "This month's month-end freeze runs automatically at 0:00 on the 1st. Each district, please check its base readings before then.",
    },
    target: 'company',
  },
  {
    zh: {
      title: '夜班交接提醒',
      content: '夜班值守人员请于 20:00 前完成告警台账交接,未确认的紧急告警需电话通知值班主管。',
    },
    en: {
      title: 'Night-shift handover',
      content:
        'Night-shift staff: please hand over the alarm log by 20:00, and phone the duty supervisor about any urgent alarm not yet acknowledged.',
    },
    target: 'roles',
  },
];

/** A notice's title and content in both languages, Chinese first (the title stays well under its 100 characters). */
export const bilingualNotice = (n: DemoNotice): { title: string; content: string } => ({
  title: `${n.zh.title} / ${n.en.title}`,
  content: `${n.zh.content}\n\n${n.en.content}`,
});

export const seedDemoNotices = async (tx: Transaction<DB>, tenant: CreatedTenant, at = new Date()): Promise<void> => {
  // the demo's first user is its administrator (seedDatabase's demoTenant)
  const adminId = Object.values(tenant.userIds)[0] as number;
  for (const [i, n] of NOTICES.entries()) {
    const roleIds = n.target === 'roles' ? [tenant.roleIds.OPERATOR] : [];
    // a minute apart, oldest first, so the bell's newest-first order is visible
    const when = new Date(at.getTime() - (NOTICES.length - i) * 60_000);
    await publishNotice(
      tx,
      tenant.companyId,
      { ...bilingualNotice(n), target: n.target, roleIds, userIds: [] },
      adminId,
      when,
    );
  }
};
