import { randomBytes } from "node:crypto";

// Ids are 24-char lowercase hex in ObjectId layout: 4-byte big-endian seconds,
// 5 random bytes per process, 3-byte counter. spec: Resources > Conventions.
const processRandom = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

export function newId(now: Date = new Date()): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(now.getTime() / 1000) >>> 0, 0);
  processRandom.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString("hex");
}
