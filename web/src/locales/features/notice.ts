// Texts of the message bell and the notice page (H-NOTICE), Chinese first; spread into zhCN.ts and en.ts.
export const noticeZhCN = {};

export const noticeEn: typeof noticeZhCN = {};
