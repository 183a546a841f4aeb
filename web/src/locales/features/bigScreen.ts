// Texts of the big screen (#/bigScreen, issue 18): its header, scenes, the lost-link banner and what a screen
// without a valid display token says. Chinese first; spread into zhCN.ts and en.ts.
export const bigScreenZhCN = {
  bigScreen: {
    title: '智慧水务运营大屏',
    scenes: '大屏场景',
    scene: {
      overview: '运营总览',
      map: '运营地图',
      leakage: '漏损与夜间流量',
      workOrders: '工单调度',
    },
    linkLost: '与服务器的连接已中断({{time}} 起),显示的是最后收到的数据,恢复后自动更新',
    noToken: '此屏幕尚未授权:请在此浏览器中打开管理员签发的大屏地址',
    tokenEnded: '此屏幕的显示令牌已被吊销或已过期,请联系管理员重新签发',
    orderBoard: '在办工单',
    moreOrders: '另有 {{count}} 张在办工单',
    noOpenOrders: '当前没有在办工单',
    nightFlow: '分区夜间流量(近 30 天)',
    nightline: '夜间最小流量 {{value}} m³/h',
    nightLeakage: '夜间漏损 {{value}} m³/h',
    openLeakEvents: '未修复漏损事件 {{count}} 个',
  },
};

export const bigScreenEn: typeof bigScreenZhCN = {
  bigScreen: {
    title: 'WaterOps operations wall',
    scenes: 'Scenes',
    scene: {
      overview: 'Overview',
      map: 'Operations map',
      leakage: 'Leakage and night flow',
      workOrders: 'Work orders',
    },
    linkLost:
      'Connection to the server lost since {{time}}: showing the last figures received, updating again once it is back',
    noToken: 'This screen has no display token: open the screen address an administrator issued in this browser',
    tokenEnded: "This screen's display token was revoked or has expired: ask an administrator for a new one",
    orderBoard: 'Open work orders',
    moreOrders: '{{count}} more open orders',
    noOpenOrders: 'No open work orders',
    nightFlow: 'District night flow (last 30 nights)',
    nightline: 'Nightline {{value}} m³/h',
    nightLeakage: 'Night leakage {{value}} m³/h',
    openLeakEvents: '{{count}} open leak events',
  },
};
