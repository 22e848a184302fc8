// A streaming reader of the one file in a multipart/form-data body (RFC 7578): what a
// plain HTML upload form (no JavaScript) posts. The file's bytes go to `write` as they
// arrive (nothing is held in memory beyond one delimiter's length); other fields are
// skipped; a second file is ignored. Throws on a malformed body.
import type { Readable } from "node:stream";

export class MultipartError extends Error {
  override readonly name = "MultipartError";
}

export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const m = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/** Reads `body`; the first part with a filename is streamed to `write`. Returns its name, or null when there was no file. */
export async function readMultipartFile(
  body: Readable,
  boundary: string,
  write: (bytes: Buffer) => Promise<void>,
): Promise<{ filename: string; contentType: string | null } | null> {
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  type State = "preamble" | "headers" | "body" | "after-delimiter" | "done";
  let state = "preamble" as State;
  let buf: Buffer = Buffer.alloc(0);
  let current: { file: boolean } = { file: false };
  let found: { filename: string; contentType: string | null } | null = null;

  const process = async (final: boolean) => {
    for (;;) {
      if (state === "done") return;
      if (state === "preamble") {
        const at = buf.indexOf(first);
        if (at === -1) {
          if (buf.length > 64 * 1024) throw new MultipartError("no multipart boundary found");
          return;
        }
        buf = buf.subarray(at + first.length);
        state = "after-delimiter";
        continue;
      }
      if (state === "after-delimiter") {
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = "done";
          return;
        }
        if (buf[0] !== 0x0d || buf[1] !== 0x0a) throw new MultipartError("malformed delimiter");
        buf = buf.subarray(2);
        state = "headers";
        continue;
      }
      if (state === "headers") {
        const end = buf.indexOf("\r\n\r\n");
        if (end === -1) {
          if (buf.length > 16 * 1024) throw new MultipartError("part headers too long");
          return;
        }
        const headers = buf.subarray(0, end).toString("utf8");
        buf = buf.subarray(end + 4);
        const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? "";
        const filename = /filename\*?=(?:UTF-8'')?"?([^";\r\n]*)"?/i.exec(disposition)?.[1];
        const type = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? null;
        const isFile = filename !== undefined && !found;
        if (isFile) found = { filename: decodeURIComponentSafe(filename), contentType: type };
        current = { file: isFile };
        state = "body";
        continue;
      }
      // body: everything up to the next delimiter belongs to the current part
      const at = buf.indexOf(delimiter);
      if (at === -1) {
        const keep = final ? 0 : delimiter.length - 1;
        if (final) throw new MultipartError("body ended inside a part");
        if (buf.length > keep) {
          const out = buf.subarray(0, buf.length - keep);
          if (current.file) await write(Buffer.from(out));
          buf = buf.subarray(buf.length - keep);
        }
        return;
      }
      if (current.file && at > 0) await write(Buffer.from(buf.subarray(0, at)));
      buf = buf.subarray(at + delimiter.length);
      state = "after-delimiter";
    }
  };

  for await (const chunk of body) {
    buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer);
    await process(false);
  }
  await process(true);
  if (state !== "done") throw new MultipartError("multipart body did not end with its closing delimiter");
  return found;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
