// Raw HTTP over node:net, for probes fetch cannot express: HTTP/1.0 without Host, a
// malformed Host, an absolute request target, TRACE/PROPFIND, several requests on one
// kept-alive connection, a chunked body streamed past the cap.
import net from "node:net";

export type RawResponse = { status: number; headers: Record<string, string>; body: string; raw: string };

/** Parses every complete HTTP/1.x response in `text` (Content-Length or chunked bodies). */
export function parseResponses(text: string): RawResponse[] {
  const out: RawResponse[] = [];
  let rest = Buffer.from(text, "utf8");
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end === -1) return out;
    const headText = rest.subarray(0, end).toString("utf8");
    const head = headText.split("\r\n");
    const status = Number(head[0].split(" ")[1]);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(":");
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    let cursor = end + 4;
    let body: Buffer;
    if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = rest.indexOf("\r\n", cursor);
        if (lineEnd === -1) return out;
        const size = parseInt(rest.subarray(cursor, lineEnd).toString(), 16);
        if (Number.isNaN(size)) return out;
        if (rest.length < lineEnd + 2 + size + 2) return out;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        cursor = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = status === 204 || status === 304 ? 0 : Number(headers["content-length"] ?? 0);
      if (rest.length < cursor + length) return out;
      body = rest.subarray(cursor, cursor + length);
      cursor += length;
    }
    out.push({ status, headers, body: body.toString("utf8"), raw: headText + "\r\n\r\n" + body.toString("utf8") });
    rest = rest.subarray(cursor);
  }
}

/**
 * Writes `requests` (strings or buffers) on one connection and collects what comes back
 * until `expect` responses arrived, the server closed, or `timeoutMs` passed.
 */
export async function rawExchange(
  port: number,
  requests: (string | Buffer)[],
  options: { expect?: number; timeoutMs?: number } = {},
): Promise<{ responses: RawResponse[]; closed: boolean; text: string }> {
  const expectCount = options.expect ?? requests.length;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(text), closed, text });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 5000);
    socket.on("data", (d) => {
      text += d.toString("utf8");
      if (parseResponses(text).length >= expectCount) finish();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("connect", () => {
      for (const r of requests) socket.write(r);
    });
  });
}
