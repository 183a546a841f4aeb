// What the utility's people write (the demo's operations, issue 15): complaints residents phone in, the orders the
// dispatcher opens on their own, notes and causes crews record, reasons and replies. Stored texts are in the utility's
// language (Chinese), like every record's text; the operations plan (operationsPlan.ts) picks from them by seed.
import type { ComplaintCategory, ComplaintChannel, Satisfaction } from '@waterops/shared/complaint';
import type { CompletionCause, WorkOrderPriority, WorkOrderType } from '@waterops/shared/workorder';

/** A choice with its weight. */
export type Weighted<T> = readonly (readonly [T, number])[];

/** Picks from weighted choices with u in [0, 1). */
export const pickWeighted = <T>(choices: Weighted<T>, u: number): T => {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let x = u * total;
  for (const [v, w] of choices) {
    if (x < w) return v;
    x -= w;
  }
  return (choices[choices.length - 1] as readonly [T, number])[0];
};

/** Picks one of a list with u in [0, 1). */
export const pick = <T>(items: readonly T[], u: number): T =>
  items[Math.min(items.length - 1, Math.floor(u * items.length))] as T;

/** Fills {name} placeholders. */
export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

export const COMPLAINT_CATEGORIES: Weighted<ComplaintCategory> = [
  ['noWater', 14],
  ['lowPressure', 14],
  ['waterQuality', 10],
  ['leak', 20],
  ['meter', 15],
  ['billing', 15],
  ['service', 6],
  ['other', 6],
];

export const COMPLAINT_CHANNELS: Weighted<ComplaintChannel> = [
  ['phone', 45],
  ['hotline12345', 25],
  ['app', 12],
  ['web', 8],
  ['counter', 10],
];

/** What a resident says, per category ({address}: where; {area}: the residential area). */
export const COMPLAINT_CONTENT: Record<ComplaintCategory, readonly string[]> = {
  noWater: [
    '{address}从早上开始家里没水,楼上楼下邻居也停水了,没有收到停水通知,请尽快处理。',
    '家中水龙头完全不出水,地址{address},家里有老人,希望尽快恢复供水。',
    '{address}晚上回家发现停水,物业说不是小区的问题,请供水公司查一下。',
  ],
  lowPressure: [
    '{address}最近几天早晚用水高峰水压很低,热水器打不着火。',
    '{address}楼层较高,水流很小,洗澡都困难,请派人查看。',
    '{area}这一周水压时高时低,洗衣机经常提示进水异常。',
  ],
  waterQuality: [
    '{address}今早打开水龙头水是黄色的,放了几分钟才变清,担心水质问题。',
    '{address}自来水有明显的消毒水味,家里小孩不敢喝。',
    '{address}水里有白色悬浮物,烧开后壶底有很多水垢。',
  ],
  leak: [
    '{address}楼下路面一直在冒水,已经积了一大片,请尽快派人维修。',
    '{address}单元门口的表井里一直有水往外渗。',
    '{area}绿化带里有水冒出来,草坪都泡了,可能是水管漏了。',
  ],
  meter: [
    '{address}的水表表盘看不清,数字好像不走了。',
    '{address}水表玻璃破裂,表井盖也不见了,担心有人踩空。',
    '{address}家里没有用水,水表却一直在转。',
  ],
  billing: [
    '{address}这个月水费比平时高了一倍多,家里用水没有变化,请核实读数。',
    '{address}已经在App上缴费,但仍然收到欠费提醒短信。',
    '{address}想咨询阶梯水价是怎么计算的,上月账单看不明白。',
  ],
  service: [
    '上门抄表人员没有出示工作证,{address},希望加强管理。',
    '营业厅排队时间太长,希望增加网上办理的业务。',
    '{address}报修后维修人员没有提前电话联系,家里没人白跑一趟。',
  ],
  other: [
    '{address}附近有施工单位在挖路,不知道会不会影响供水。',
    '咨询{area}二次供水水箱清洗的时间安排。',
    '{address}想申请将水表移到户外表箱,请问需要办理什么手续。',
  ],
};

/** Categories a passer-by reports (no resident behind it). */
export const PUBLIC_CATEGORIES: readonly ComplaintCategory[] = ['leak', 'other'];
export const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡'];
export const MOBILE_PREFIXES = ['138', '139', '136', '137', '135', '150', '151', '158', '186', '187', '189', '133'];

/** The reply to a complaint answered without an order, per category. */
export const DIRECT_REPLIES: Record<ComplaintCategory, readonly string[]> = {
  noWater: [
    '经查询,该区域因管网检修计划停水,已告知用户恢复供水时间。',
    '已电话联系用户,系户内阀门关闭所致,指导用户打开后已恢复用水。',
  ],
  lowPressure: [
    '经查询,该时段为用水高峰,二次供水设备运行正常,已向用户解释并建议错峰用水。',
    '已电话联系用户,系户内前置过滤器堵塞,指导用户清洗后水压恢复。',
  ],
  waterQuality: ['已电话联系用户,系户内管道长时间未用水所致,建议放水后使用,用户表示理解。'],
  leak: ['已电话联系用户,漏水点位于小区红线内,属物业维护范围,已转告物业处理。'],
  meter: ['已电话联系用户,表盘起雾不影响计量,已告知用户下次抄表时一并检查。'],
  billing: [
    '经核实,该户本月读数准确,用水量增加系季节性用水增多及阶梯水价所致,已向用户详细解释。',
    '已核实缴费记录,系银行到账延迟,欠费提醒已撤销,已电话告知用户。',
    '已向用户解释阶梯水价的计算方法,并告知可在App查询每月用水明细。',
  ],
  service: ['已向相关人员了解情况并进行批评教育,已电话向用户致歉。', '已记录用户建议并转营业部门,已电话回复用户。'],
  other: [
    '已电话答复用户:该施工为燃气管道改造,不影响供水。',
    '已告知用户二次供水水箱每半年清洗一次,下次安排在下月上旬。',
    '已告知用户办理流程及所需材料,用户表示满意。',
  ],
};

/** The reply after the complaint's order was done ({code}: the order, {cause}: what was found). */
export const ORDER_REPLIES = [
  '已派维修人员上门处理(工单 {code}),处理结果:{cause},已电话回访用户。',
  '工单 {code} 已处理完毕,现场原因:{cause},已电话告知用户并确认恢复正常。',
];
export const CANCELLED_REPLIES = [
  '经现场核实情况与反映不符,工单 {code} 已取消,已电话向用户说明。',
  '用户来电告知问题已自行解决,工单 {code} 已取消,已回访确认。',
];
export const SATISFACTION: Weighted<Satisfaction> = [
  ['satisfied', 78],
  ['neutral', 17],
  ['dissatisfied', 5],
];
/** After an order that ran late. */
export const SATISFACTION_LATE: Weighted<Satisfaction> = [
  ['satisfied', 40],
  ['neutral', 30],
  ['dissatisfied', 30],
];

/** An order the dispatcher opens on their own: what, how urgent, how often. */
export type ManualOrder = {
  type: WorkOrderType;
  priority: WorkOrderPriority;
  weight: number;
  title: string;
  description: string;
};

export const MANUAL_ORDERS: readonly ManualOrder[] = [
  {
    type: 'inspection',
    priority: 'low',
    weight: 3,
    title: '{area} 消火栓季度巡检',
    description: '按季度巡检计划检查{area}范围内消火栓出水、阀门及标识,发现问题现场登记。',
  },
  {
    type: 'inspection',
    priority: 'low',
    weight: 2,
    title: '{area} 阀门井例行启闭检查',
    description: '对{area}主干管阀门进行例行启闭操作,检查阀门井积水、井盖及阀杆状况。',
  },
  {
    type: 'valve',
    priority: 'normal',
    weight: 2,
    title: '{address} 阀门井盖破损',
    description: '巡线发现{address}阀门井盖破损,存在安全隐患,需更换井盖。',
  },
  {
    type: 'valve',
    priority: 'normal',
    weight: 1.5,
    title: '{area} DN150 闸阀关闭不严',
    description: '停水作业时发现{area} DN150 闸阀关闭不严,需检修或更换阀门。',
  },
  {
    type: 'leakRepair',
    priority: 'high',
    weight: 2,
    title: '{address} 路面渗水',
    description: '巡线发现{address}路面有明水渗出,疑似供水管渗漏,需探漏定位并维修。',
  },
  {
    type: 'burst',
    priority: 'urgent',
    weight: 0.4,
    title: '{address} DN200 供水管爆管',
    description: '{address} DN200 供水管爆管,路面大量冒水,影响周边多栋楼供水,需立即关阀抢修。',
  },
  {
    type: 'noWater',
    priority: 'high',
    weight: 0.8,
    title: '{area} 二次供水泵房故障',
    description: '{area}二次供水泵房变频器报警停机,高区多户停水,需尽快检修恢复供水。',
  },
  {
    type: 'meterFault',
    priority: 'normal',
    weight: 1.5,
    title: '{address} 表井积水,水表被淹',
    description: '{address}表井长期积水,水表被淹无法抄读,需排水并检查表井。',
  },
  {
    type: 'other',
    priority: 'low',
    weight: 1,
    title: '配合{area}施工临时停水',
    description: '施工单位申请对{area}周边管线临时停水配合施工,需现场关阀并监护。',
  },
];

/** What crews find, per order type. */
export const CAUSES: Record<WorkOrderType, Weighted<CompletionCause>> = {
  leakRepair: [
    ['pipeLeak', 50],
    ['jointFailure', 30],
    ['thirdParty', 10],
    ['noFault', 10],
  ],
  burst: [
    ['pipeBurst', 80],
    ['thirdParty', 20],
  ],
  meterFault: [
    ['meterFault', 45],
    ['meterReplaced', 30],
    ['commFault', 20],
    ['noFault', 5],
  ],
  valve: [
    ['valveFault', 85],
    ['other', 15],
  ],
  noWater: [
    ['valveFault', 30],
    ['pipeLeak', 20],
    ['customerSide', 35],
    ['other', 15],
  ],
  waterQuality: [
    ['customerSide', 50],
    ['noFault', 35],
    ['other', 15],
  ],
  readingException: [
    ['meterFault', 40],
    ['commFault', 40],
    ['noFault', 20],
  ],
  inspection: [
    ['noFault', 70],
    ['valveFault', 15],
    ['other', 15],
  ],
  complaintFollowUp: [
    ['noFault', 50],
    ['customerSide', 30],
    ['meterFault', 20],
  ],
  other: [
    ['noFault', 60],
    ['other', 40],
  ],
};

/** What a crew writes on completion, per cause. */
export const RESOLUTIONS: Record<CompletionCause, readonly string[]> = {
  pipeLeak: ['开挖后发现管道砂眼漏水,已加装哈夫节修复,恢复路面。', '探漏定位后开挖,更换漏水管段约 2 米,试压正常。'],
  pipeBurst: ['关阀停水后更换爆裂管段,冲洗消毒后恢复供水。', '管道纵向开裂,已更换管段并回填,恢复供水。'],
  jointFailure: ['承插口胶圈老化渗漏,已更换胶圈并紧固。', '管件接口松动漏水,已重新连接并加固。'],
  valveFault: ['阀门丝杆锈蚀卡死,已更换阀门。', '阀门密封填料老化,已更换填料,启闭正常。'],
  meterFault: ['水表计数器卡滞,已现场维修,走字正常。', '水表电池电量低,已更换电池并校对读数。'],
  meterReplaced: ['原表机芯损坏,已更换新表并登记新表底数。'],
  commFault: ['通讯模块故障,已更换模块,数据上报恢复。', '集中器天线松脱,已重新固定,通讯恢复。'],
  customerSide: ['经现场检查,问题在用户户内管道,已告知用户联系物业维修。', '系户内前置阀门未全开,已协助用户处理。'],
  thirdParty: ['第三方施工挖断管道,已抢修并移交赔偿材料。', '车辆碾压导致表井损坏,已修复并记录肇事信息。'],
  noFault: ['现场检查未发现异常,已与用户确认。', '巡检完毕,设施运行正常,无需处理。'],
  other: ['已按要求完成现场作业。', '现场已处理完毕,详见照片。'],
};

export const MATERIALS: Partial<Record<WorkOrderType, readonly string[]>> = {
  leakRepair: ['DN100 哈夫节 1 套', 'DN50 镀锌管 2 米,管箍 2 个', 'DN150 抢修节 1 个', '密封胶圈 2 个'],
  burst: ['DN200 球墨铸铁管 3 米,柔性接头 2 个', 'DN200 抢修节 2 个,砂石 2 立方米'],
  meterFault: ['DN20 智能水表 1 只,表前阀 1 个', '锂电池组 1 套', 'NB-IoT 通讯模块 1 个', '表井盖 1 个'],
  valve: ['DN150 闸阀 1 台', '阀门井盖 1 套', '阀杆密封填料 1 套'],
  noWater: ['变频器控制板 1 块', '止回阀 1 个'],
  readingException: ['通讯模块 1 个'],
};

/** Notes crews add while on site. */
export const NOTES: readonly string[] = [
  '已到达现场,正在关阀排水。',
  '已联系物业配合,等待开挖。',
  '已探漏定位,漏点在人行道下约 1 米处。',
  '现场已设置围挡和警示标志。',
  '已通知受影响住户临时停水。',
  '已拍照留存现场情况。',
];

export const DEFER_REASONS: readonly string[] = [
  '需办理占道挖掘许可,待审批后施工',
  '所需阀门备件缺货,已申请采购',
  '需与物业协调停水时间',
  '用户家中无人,已约定上门时间',
];
/** A leak order deferred until the dig (the night-flow leak's repair day). */
export const LEAK_DEFER_REASON = '漏点已定位,需办理占道挖掘许可并安排夜间停水,计划到期日施工';
export const REOPEN_REASONS: readonly string[] = [
  '复核发现现场仍有渗水,请返工处理',
  '用户反映问题未解决,请再次上门核实',
];
export const REMIND_COMMENTS: readonly string[] = ['请尽快处理,用户多次来电催促', '该工单即将超时,请加快进度'];
export const CANCEL_REASONS: readonly string[] = [
  '重复报修,已合并处理',
  '用户来电告知已自行解决',
  '经核实不属于供水管网问题,已转物业处理',
];
export const CLOSE_COMMENTS: readonly (string | null)[] = [null, null, '复核通过', '现场照片已核实,同意关闭'];
