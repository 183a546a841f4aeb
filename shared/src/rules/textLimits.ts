// How long free text may be, declared once: the save schemas carry these limits (the server refuses longer text with
// `rules.text.tooLong`) and the web forms read them back from the same schemas (`maxLengthOf`), so an input stops
// where the server would refuse. Spec §5: "label at most 20 characters".
import { type TSchema, Type } from '@sinclair/typebox';

/** A name or label (region, area, district, role, department, catalogue types, resident, device names…). */
export const NAME_MAX = 20;
/** The English name beside a Chinese one: English words run two to three times longer than the 汉字 they render. */
export const NAME_EN_MAX = 50;

/** A name or label: at most `NAME_MAX` characters. */
export const NameText = () => Type.String({ maxLength: NAME_MAX });
/** An English name beside a Chinese one: at most `NAME_EN_MAX` characters. */
export const NameEnText = () => Type.String({ maxLength: NAME_EN_MAX });

type SchemaLike = {
  maxLength?: number;
  properties?: Record<string, SchemaLike>;
  anyOf?: SchemaLike[];
  allOf?: SchemaLike[];
};

/** The longest text a schema's string branches accept (the smallest limit when several branches give one). */
const stringLimit = (s: SchemaLike | undefined): number | undefined => {
  if (!s) return undefined;
  if (s.maxLength !== undefined) return s.maxLength;
  const limits = [...(s.anyOf ?? []), ...(s.allOf ?? [])].map(stringLimit).filter((n): n is number => n !== undefined);
  return limits.length ? Math.min(...limits) : undefined;
};

/** A field's text limit as an object schema declares it (optional, nullable and composite fields too), or undefined. */
export const maxLengthOf = (schema: TSchema, field: string): number | undefined => {
  const s = schema as SchemaLike;
  const own = s.properties?.[field];
  if (own) return stringLimit(own);
  for (const part of s.allOf ?? []) {
    const found = maxLengthOf(part as TSchema, field);
    if (found !== undefined) return found;
  }
  return undefined;
};
