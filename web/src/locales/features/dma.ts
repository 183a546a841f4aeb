// Texts of the dma pages (issue 7), Chinese first; spread into zhCN.ts and en.ts.
export const dmaZhCN = {};

export const dmaEn: typeof dmaZhCN = {};
