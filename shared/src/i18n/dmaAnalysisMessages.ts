// Server messages of the district analysis (issue 7, H-ANALYSIS): water balance, night flow and the inlet-flow
// import. Spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const dmaAnalysisMessages = {
  'dmaAnalysis.noInlet': { 'zh-CN': '该分区没有进水表', en: 'The district has no inlet meter' },
  'dmaAnalysis.chooseInlet': {
    'zh-CN': '该分区有多个进水表,请选择水表或在文件中填写表号',
    en: 'The district has several inlet meters: choose one, or give the meter code in the file',
  },
  'dmaAnalysis.rangeTooLong': {
    'zh-CN': '日期范围不能超过 {{days}} 天',
    en: 'The date range cannot be longer than {{days}} days',
  },
  'dmaAnalysis.tooManyDays': { 'zh-CN': '最多选择 {{days}} 天', en: 'Choose at most {{days}} days' },
  'dmaAnalysis.import.tooLarge': {
    'zh-CN': '文件不能超过 20 MB 或 200000 行',
    en: 'The file cannot exceed 20 MB or 200,000 lines',
  },
  'dmaAnalysis.import.empty': { 'zh-CN': '文件中没有数据行', en: 'The file has no data lines' },
  'dmaAnalysis.import.badTime': { 'zh-CN': '时间格式不对:{{value}}', en: 'Wrong time format: {{value}}' },
  'dmaAnalysis.import.badFlow': {
    'zh-CN': '流量不是有效数字:{{value}}',
    en: 'The flow is not a valid number: {{value}}',
  },
  'dmaAnalysis.import.badColumns': {
    'zh-CN': '每行应为 时间,流量[,表号]',
    en: 'Each line must be time,flow[,meterCode]',
  },
  'dmaAnalysis.import.noMeter': {
    'zh-CN': '表号 {{code}} 不是该分区的进水或出水表',
    en: 'Meter {{code}} is not an inlet or outlet meter of the district',
  },
  'dmaAnalysis.import.duplicate': { 'zh-CN': '时间重复:{{value}}', en: 'Duplicate time: {{value}}' },
  'dmaAnalysis.import.badInterval': {
    'zh-CN': '数据间隔应为 1–60 分钟,文件中为 {{minutes}} 分钟',
    en: 'The data interval must be 1–60 minutes; the file has {{minutes}} minutes',
  },
  'oplog.dmaNightFlowAnalyse': { 'zh-CN': '重新分析夜间流量', en: 'Re-analyse night flow' },
  'oplog.dmaInletFlowImport': { 'zh-CN': '导入进水流量', en: 'Import inlet flow' },
} as const satisfies Record<string, Record<Locale, string>>;
