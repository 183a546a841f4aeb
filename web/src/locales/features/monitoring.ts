// Texts of monitoring pages: status board, overview, rules, usage exceptions (H-MONITOR), Chinese first; spread into zhCN.ts and en.ts.
export const monitoringZhCN = {};

export const monitoringEn: typeof monitoringZhCN = {};
