// Writes the model back as `.inp` text in the network's own units: the inverse of parseInp for what it reads
// (the property test relies on that), and a way to export a network for a hydraulic tool later.
import { FOOT_M, INCH_MM, type InpLink, type InpNetwork } from './inpNetwork.ts';

const pad = (cells: (string | number)[]) => ` ${cells.map((c) => String(c).padEnd(16)).join('\t')}`.trimEnd();

export const serializeInp = (network: InpNetwork): string => {
  const us = network.unitSystem === 'US';
  const length = (m: number) => (us ? m / FOOT_M : m);
  const diameter = (mm: number) => (us ? mm / INCH_MM : mm);
  const roughness = (r: number) => (us && network.headloss === 'D-W' ? r / FOOT_M : r);
  const kind = (k: string) => network.nodes.filter((n) => n.kind === k);
  const links = (k: InpLink['kind']) => network.links.filter((l) => l.kind === k);
  const status = (l: InpLink) => (l.status === 'cv' ? 'CV' : l.status === 'closed' ? 'Closed' : 'Open');

  const out: string[] = ['[TITLE]', ...(network.title ? network.title.split('\n') : []), ''];
  out.push('[JUNCTIONS]', ';ID\tElev\tDemand\tPattern');
  for (const n of kind('junction')) out.push(pad([n.id, length(n.elevationM), 0]));
  out.push('', '[RESERVOIRS]', ';ID\tHead\tPattern');
  for (const n of kind('reservoir')) out.push(pad([n.id, length(n.elevationM)]));
  out.push('', '[TANKS]', ';ID\tElevation\tInitLevel\tMinLevel\tMaxLevel\tDiameter\tMinVol\tVolCurve');
  for (const n of kind('tank')) out.push(pad([n.id, length(n.elevationM), 10, 0, 20, 50, 0]));
  out.push('', '[PIPES]', ';ID\tNode1\tNode2\tLength\tDiameter\tRoughness\tMinorLoss\tStatus');
  for (const l of links('pipe')) {
    const hydraulics = [length(l.lengthM ?? 0), diameter(l.diameterMm ?? 0), roughness(l.roughness ?? 0)];
    out.push(`${pad([l.id, l.from, l.to, ...hydraulics, 0, status(l)])}\t;`);
  }
  out.push('', '[PUMPS]', ';ID\tNode1\tNode2\tParameters');
  for (const l of links('pump')) out.push(pad([l.id, l.from, l.to, 'HEAD', 1]));
  out.push('', '[VALVES]', ';ID\tNode1\tNode2\tDiameter\tType\tSetting\tMinorLoss');
  for (const l of links('valve'))
    out.push(pad([l.id, l.from, l.to, diameter(l.diameterMm ?? 0), l.valveType ?? 'TCV', 0, 0]));
  // Pumps and valves carry their status here, as EPANET does; an active valve (the default) needs no line.
  out.push('', '[STATUS]', ';ID\tStatus/Setting');
  for (const l of network.links) if (l.kind !== 'pipe' && l.status !== 'active') out.push(pad([l.id, status(l)]));
  out.push('', '[OPTIONS]', pad(['Units', network.units]), pad(['Headloss', network.headloss]));
  out.push('', '[COORDINATES]', ';Node\tX-Coord\tY-Coord');
  for (const n of network.nodes) if (n.x !== null && n.y !== null) out.push(pad([n.id, n.x, n.y]));
  out.push('', '[VERTICES]', ';Link\tX-Coord\tY-Coord');
  for (const l of network.links) for (const [x, y] of l.vertices) out.push(pad([l.id, x, y]));
  out.push('', '[END]', '');
  return out.join('\n');
};
