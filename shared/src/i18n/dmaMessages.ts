// Server messages of the dma services (issue 7): spread into the shared catalogue (messages.ts).
// The rule texts are also the district form's (shared/src/dma/districtRules.ts returns these keys).
import type { Locale } from './locale.ts';

export const dmaMessages = {
  // spec §5 "district name not empty"
  'rules.districtName.required': { 'zh-CN': '请输入分区名称', en: 'Please enter the district name' },
  'rules.districtName.tooLong': {
    'zh-CN': '分区名称不能超过 20 个字符',
    en: 'The district name cannot be longer than 20 characters',
  },
  'rules.districtName.unique': { 'zh-CN': '分区名称已存在', en: 'The district name already exists' },
  'rules.districtMeter.oneRole': {
    'zh-CN': '同一水表在分区中只能担任一种角色(进水、出水、考核或成员)',
    en: 'A meter can have only one role in a district (inlet, outlet, supervision or member)',
  },
  'rules.districtPolygon.tooFew': {
    'zh-CN': '分区边界至少需要 3 个不同的点',
    en: 'The district outline needs at least 3 distinct points',
  },
  'rules.districtPolygon.range': {
    'zh-CN': '分区边界的坐标超出范围(经度 −180 到 180,纬度 −90 到 90)',
    en: 'An outline coordinate is out of range (longitude −180 to 180, latitude −90 to 90)',
  },
  'rules.districtParent.self': {
    'zh-CN': '上级分区不能是分区自身',
    en: 'A district cannot be its own parent',
  },
  'rules.districtParent.cycle': {
    'zh-CN': '上级分区不能是本分区的子分区',
    en: "The parent district cannot be one of this district's sub-zones",
  },
  'dma.district.hasSubZones': {
    'zh-CN': '分区“{{name}}”下还有 {{count}} 个子分区,请先删除或移走子分区',
    en: 'District “{{name}}” still has {{count}} sub-zone(s): delete or move them first',
  },
  'oplog.districtCreate': { 'zh-CN': '新增分区', en: 'Create district' },
  'oplog.districtUpdate': { 'zh-CN': '修改分区', en: 'Update district' },
  'oplog.districtDelete': { 'zh-CN': '删除分区', en: 'Delete district' },
  'oplog.districtOutline': { 'zh-CN': '设置分区边界', en: 'Set district outline' },
} as const satisfies Record<string, Record<Locale, string>>;
