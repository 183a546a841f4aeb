// Texts of the operationsMap pages (issue 7), Chinese first; spread into zhCN.ts and en.ts.
export const operationsMapZhCN = {};

export const operationsMapEn: typeof operationsMapZhCN = {};
