/**
 * What one frame of split fields is told (in the configuration its URL fragment carries),
 * and the check the frame makes of it before it draws anything. Part of the host<->frame
 * protocol (protocol.ts re-exports it).
 */
import type { FieldName } from './payment-types';

/**
 * One frame of split fields: the group's random id (the frames of one card find each other
 * by it, on the gateway's origin only), the field this frame draws, and every field of the
 * card (in FIELD order; the number's frame is the one that encrypts and pays).
 */
export interface SplitFrameConfig {
  group: string;
  field: FieldName;
  fields: FieldName[];
}

export const CARD_FIELD_NAMES: readonly FieldName[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];
/** A group id as the host makes them (host/split-fields.ts): 32 url-safe characters. */
export const SPLIT_GROUP_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function isSplitFrameConfig(value: unknown): value is SplitFrameConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  if (typeof config.group !== 'string' || !SPLIT_GROUP_PATTERN.test(config.group)) return false;
  const isField = (name: unknown): name is FieldName => CARD_FIELD_NAMES.includes(name as FieldName);
  const fields = config.fields;
  return (
    isField(config.field) &&
    Array.isArray(fields) &&
    fields.every(isField) &&
    new Set(fields).size === fields.length &&
    fields.includes('number') &&
    fields.includes(config.field)
  );
}
