// The typed model an EPANET 2 `.inp` file is read into, always in SI (metres, millimetres) whatever the file's
// flow units, so the rest of WaterOps never has to know which unit system a hydraulic model was written in.

/** EPANET flow units. The first five make a file "US" (feet, inches), the rest "SI" (metres, millimetres). */
export const INP_UNITS = ['CFS', 'GPM', 'MGD', 'IMGD', 'AFD', 'LPS', 'LPM', 'MLD', 'CMH', 'CMD'] as const;
export type InpUnits = (typeof INP_UNITS)[number];
export type InpUnitSystem = 'US' | 'SI';

export const unitSystemOf = (units: InpUnits): InpUnitSystem =>
  units === 'CFS' || units === 'GPM' || units === 'MGD' || units === 'IMGD' || units === 'AFD' ? 'US' : 'SI';

/** Head-loss formulas: only Darcy-Weisbach's roughness has a length unit (millifeet in US files, mm in SI). */
export const INP_HEADLOSS = ['H-W', 'D-W', 'C-M'] as const;
export type InpHeadloss = (typeof INP_HEADLOSS)[number];

export const FOOT_M = 0.3048;
export const INCH_MM = 25.4;

export type InpNodeKind = 'junction' | 'reservoir' | 'tank';

export type InpNode = {
  id: string;
  kind: InpNodeKind;
  /** Metres. For a reservoir EPANET gives its total head, which is what is stored here. */
  elevationM: number;
  /** Local planar coordinates of [COORDINATES], in the file's own (often arbitrary) unit; null when absent. */
  x: number | null;
  y: number | null;
};

export type InpLinkKind = 'pipe' | 'pump' | 'valve';
/** Initial status: `cv` is a pipe with a check valve; `active` a valve governed by its setting. */
export type InpLinkStatus = 'open' | 'closed' | 'cv' | 'active';
export const INP_VALVE_TYPES = ['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV'] as const;
export type InpValveType = (typeof INP_VALVE_TYPES)[number];

export type InpLink = {
  id: string;
  kind: InpLinkKind;
  from: string;
  to: string;
  /** Pipes only (metres); null for pumps and valves, which EPANET treats as lengthless. */
  lengthM: number | null;
  /** Pipes and valves (millimetres); null for pumps. */
  diameterMm: number | null;
  /** Pipes only: a C factor (H-W, C-M, unitless) or an absolute roughness in mm (D-W). */
  roughness: number | null;
  status: InpLinkStatus;
  valveType: InpValveType | null;
  /** Interior points of the drawn polyline, in the coordinate unit of [COORDINATES]. */
  vertices: [number, number][];
};

export type InpNetwork = {
  title: string;
  units: InpUnits;
  unitSystem: InpUnitSystem;
  headloss: InpHeadloss;
  nodes: InpNode[];
  links: InpLink[];
};

/** Reason codes, localized by the route later; params carry the ids and values a message needs. */
export type InpIssueCode =
  // fatal: no network can be built
  | 'noPipes'
  | 'noCoordinates'
  // errors: a line that could not be read, or a broken reference
  | 'tooFewFields'
  | 'badNumber'
  | 'notPositive'
  | 'badStatus'
  | 'badValveType'
  | 'badUnits'
  | 'badHeadloss'
  | 'duplicateNode'
  | 'duplicateLink'
  | 'unknownNode'
  | 'sameNodes'
  // warnings: the network is usable but incomplete
  | 'nodeWithoutCoordinates'
  | 'linkWithoutCoordinates'
  | 'coordinatesForUnknownNode'
  | 'verticesForUnknownLink'
  | 'statusForUnknownLink'
  | 'lineOutsideSection'
  | 'unitsDefaulted';

export type InpIssue = {
  code: InpIssueCode;
  /** 1-based line in the file; null for whole-file issues. */
  line: number | null;
  params: Record<string, string | number>;
};

/**
 * `ok` only when there is no error. A file with malformed lines still yields the network read from its good lines
 * (for a preview); `network` is null only when the file has no pipes or no coordinates at all.
 */
export type ParseInpResult =
  | { ok: true; network: InpNetwork; errors: InpIssue[]; warnings: InpIssue[] }
  | { ok: false; network: InpNetwork | null; errors: InpIssue[]; warnings: InpIssue[] };
