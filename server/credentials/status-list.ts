// Bitstring Status List v1.0 (W3C): one bit per credential, 1 = revoked. The list is
// GZIP-compressed and written as multibase base64url ("u" prefix, no padding); bit 0 is
// the most significant bit of the first byte. 131 072 entries (16 KiB) per list, the
// specification's minimum for group privacy; index n lives in list floor(n / 131072).
import { gunzipSync, gzipSync } from "node:zlib";

export const STATUS_LIST_SIZE = 131_072;

export function statusListOf(index: number): { list: number; position: number } {
  return { list: Math.floor(index / STATUS_LIST_SIZE), position: index % STATUS_LIST_SIZE };
}

/** The encodedList of a list whose `positions` are set. */
export function encodeStatusList(positions: Iterable<number>, size = STATUS_LIST_SIZE): string {
  const bytes = new Uint8Array(size / 8);
  for (const p of positions) {
    if (!Number.isInteger(p) || p < 0 || p >= size) throw new RangeError(`status position ${p} is outside the list`);
    bytes[p >> 3] |= 0x80 >> (p & 7);
  }
  return `u${gzipSync(bytes).toString("base64url")}`;
}

/** Whether `position` is set in an encodedList (throws on a malformed list). */
export function statusBit(encodedList: string, position: number): boolean {
  if (!encodedList.startsWith("u")) throw new Error("the encodedList is not multibase base64url");
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), "base64url"));
  if (position < 0 || position >= bytes.length * 8) throw new RangeError("the status position is outside the list");
  return (bytes[position >> 3] & (0x80 >> (position & 7))) !== 0;
}

export const STATUS_LIST_ENTRY_TYPE = "BitstringStatusListEntry";
