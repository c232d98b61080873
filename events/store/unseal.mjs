// Opening an AES-256-GCM seal (`prefix` + base64(iv | tag | ciphertext)) and the associated data seals are bound to:
// shredding.ts seals and opens with these, and the log reader thread (sqliteLogReader.mjs) opens a page's event seals
// with them off the reading thread. Plain JavaScript, so the reader thread can import it (see sqliteLogReader.mjs).
import { createDecipheriv } from 'node:crypto';

export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** The prefix of an event's one seal, in its data field `sealed`. */
export const SEALED_EVENT = 'sealed:v2:';
/** The prefix of a top-level field sealed on its own (events appended before nested fields were sealed). */
export const SEALED_FIELD = 'sealed:v1:';

export const aad = (subject, type, field) => Buffer.from(`${subject}\n${type}\n${field}`);
/** The associated data of an event's sealed values: no field is named `*`, so it differs from every field's. */
export const eventAad = (subject, type) => aad(subject, type, '*');

/**
 * The plain text, or undefined when the key is gone, or is a later key of the same subject (one made after the
 * subject was forgotten, for its new events), under which the old value does not authenticate.
 */
export function unseal(key, associated, value, prefix) {
  if (!key) return undefined;
  const bytes = Buffer.from(value.slice(prefix.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(associated);
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
