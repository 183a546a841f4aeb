// Texts of the alarm console and the live client (H-CONSOLE), Chinese first; spread into zhCN.ts and en.ts.
export const alarmConsoleZhCN = {};

export const alarmConsoleEn: typeof alarmConsoleZhCN = {};
