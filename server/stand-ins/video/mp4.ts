// Reads the duration of an MP4 / QuickTime file (ISO base media: ftyp, moov > mvhd) without
// loading it: box headers are read one by one, wherever moov sits (front with +faststart,
// or at the end). Null when the file is not such a file: the stand-in then reports the
// upload as `video.asset.errored`, as a real provider would for a file it cannot ingest.
import fs from "node:fs/promises";

type Box = { type: string; start: number; headerSize: number; size: number };

async function readBoxes(file: fs.FileHandle, from: number, to: number, max = 10_000): Promise<Box[]> {
  const boxes: Box[] = [];
  const header = Buffer.alloc(16);
  let offset = from;
  while (offset + 8 <= to && boxes.length < max) {
    const { bytesRead } = await file.read(header, 0, 16, offset);
    if (bytesRead < 8) break;
    let size = header.readUInt32BE(0);
    const type = header.toString("latin1", 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (bytesRead < 16) break;
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < headerSize || offset + size > to) break;
    boxes.push({ type, start: offset, headerSize, size });
    offset += size;
  }
  return boxes;
}

/** Seconds (millisecond precision), or null when this is not a readable MP4/QuickTime file. */
export async function mp4DurationSeconds(path: string): Promise<number | null> {
  const file = await fs.open(path, "r");
  try {
    const { size } = await file.stat();
    const top = await readBoxes(file, 0, size);
    if (top[0]?.type !== "ftyp" && !top.some((b) => b.type === "moov")) return null;
    const moov = top.find((b) => b.type === "moov");
    if (!moov) return null;
    const inner = await readBoxes(file, moov.start + moov.headerSize, moov.start + moov.size, 500);
    const mvhd = inner.find((b) => b.type === "mvhd");
    if (!mvhd) return null;
    const body = Buffer.alloc(Math.min(32, mvhd.size - mvhd.headerSize));
    await file.read(body, 0, body.length, mvhd.start + mvhd.headerSize);
    const version = body[0];
    let timescale: number;
    let duration: number;
    if (version === 1) {
      if (body.length < 32) return null;
      timescale = body.readUInt32BE(20);
      duration = Number(body.readBigUInt64BE(24));
    } else {
      if (body.length < 20) return null;
      timescale = body.readUInt32BE(12);
      duration = body.readUInt32BE(16);
    }
    if (!timescale || !Number.isFinite(duration) || duration <= 0) return null;
    return Math.round((duration / timescale) * 1000) / 1000;
  } finally {
    await file.close();
  }
}
