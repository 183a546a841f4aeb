// Texts of the network pages (issue 7), Chinese first; spread into zhCN.ts and en.ts.
export const networkZhCN = {};

export const networkEn: typeof networkZhCN = {};
