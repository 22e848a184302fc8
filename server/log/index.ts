// Minimal leveled logger writing one line per event; JSON in production for log shippers.
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

export function createLogger(level: Level | "silent" = "info", json = false): Logger {
  const write = (l: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const line = json
      ? JSON.stringify({ level: l, time: new Date().toISOString(), message, ...fields })
      : `[${l}] ${message}${fields ? " " + JSON.stringify(fields) : ""}`;
    (l === "error" || l === "warn" ? console.error : console.log)(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
