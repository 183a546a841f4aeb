// The inlet-flow dialog's pure part: the head of the chosen file (what the preview sniffs), the column → meter
// choices pre-selected by meter code, and what keeps a mapping from being sent.
import {
  CSV_ENCODING_SAMPLE_BYTES,
  type DistrictMeter,
  detectCsvEncoding,
  headLines,
  type InletFlowSniff,
  sniffInletFlow,
} from '@waterops/shared/dma';

/** The bytes read for the preview: the first lines of even a wide file (the same the gateway judges its encoding by). */
export const PREVIEW_BYTES = CSV_ENCODING_SAMPLE_BYTES;
/** A column's choice: a meter id, SKIP, or UNSET (not chosen yet). */
export const SKIP = 'skip';
export const UNSET = '';

/** The inlet and outlet meters of a district: the only meters a flow file can fill. */
export const measuringMeters = (meters: DistrictMeter[] | undefined): DistrictMeter[] =>
  (meters ?? []).filter((m) => m.role === 1 || m.role === 2);

const readBytes = (blob: Blob): Promise<ArrayBuffer> =>
  typeof blob.arrayBuffer === 'function'
    ? blob.arrayBuffer()
    : new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(blob);
      });

/** The text of a file's head, UTF-8 or GB18030 as the gateway will read it. */
const readText = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await readBytes(blob));
  return new TextDecoder(detectCsvEncoding(bytes)).decode(bytes);
};

/** The format of a file from its first bytes. */
export const sniffFile = async (file: File) => {
  const whole = file.size <= PREVIEW_BYTES;
  const text = await readText(whole ? file : file.slice(0, PREVIEW_BYTES));
  return sniffInletFlow(headLines(text, whole));
};

/** Each flow column's meter: the one whose code the header is (case aside), else not chosen. */
export const initialMapping = (sniff: InletFlowSniff, meters: DistrictMeter[]): Record<string, string> => {
  const byCode = new Map(meters.map((m) => [m.meterCode.toLowerCase(), String(m.meterId)]));
  return Object.fromEntries(sniff.columns.map((c) => [c.header, byCode.get(c.header.toLowerCase()) ?? UNSET]));
};

/** Why a mapping cannot be sent: a column without a choice, two columns on one meter, every column skipped. */
export const mappingProblem = (mapping: Record<string, string>): 'unset' | 'twice' | 'none' | null => {
  const values = Object.values(mapping);
  if (values.includes(UNSET)) return 'unset';
  const meters = values.filter((v) => v !== SKIP);
  if (meters.length === 0) return 'none';
  return new Set(meters).size < meters.length ? 'twice' : null;
};

/** The mapping as the API takes it: header → meter id, null to skip. */
export const columnsOf = (mapping: Record<string, string>): Record<string, number | null> =>
  Object.fromEntries(Object.entries(mapping).map(([h, v]) => [h, v === SKIP ? null : Number(v)]));
