// What the part page (app/routes/learn-part.tsx) shows besides the part itself: the
// messages after its forms, file sizes and types, how much video is left, the course
// outline beside the part, and which message a progress answer earns. Pure.
import type { LearnView } from "#server/learning";
import { formatDecimal } from "#shared/format";
import type { LearningState } from "../components/learning-state";

export const MESSAGES: Record<string, string> = {
  chyba: "Časť ešte nie je hotová.",
  "cast-hotova": "Časť je dokončená.",
  "modul-hotovy": "Časť je dokončená a s ňou celý modul.",
  "uroven-hotova": "Dokončili ste celú úroveň.",
  "kurz-hotovy": "Dokončili ste celý kurz.",
  "predosla-hotova": "Predchádzajúca časť je dokončená. Pokračujete ďalšou.",
};

/** "2 min 5 s" / "40 s": how much of a video is still to watch. */
export function leftText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m} min${s > 0 ? ` ${s} s` : ""}` : `${s} s`;
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 0)} kB`;
  return `${formatDecimal(bytes / (1024 * 1024), 1)} MB`;
}

export function fileType(mimeType: string): string {
  const known: Record<string, string> = { "application/pdf": "PDF", "image/png": "PNG", "image/jpeg": "JPEG", "text/csv": "CSV" };
  return known[mimeType] ?? (mimeType.includes("spreadsheet") ? "tabuľka" : mimeType.includes("word") ? "dokument" : mimeType);
}

type OutlineView = LearnView;

/** The course outline beside the part: levels, modules with their share done, parts with states. */
export function outlineOf(view: OutlineView, currentPartId: string) {
  const all = view.levels.flatMap((l) => l.topics.flatMap((t) => t.module?.parts ?? [])).filter((p) => p.requiredForCompletion);
  return {
    completed: all.filter((p) => p.state === "completed").length,
    total: all.length,
    levels: view.levels.map((level, i) => ({
      id: level._id,
      title: `${i + 1}. ${level.title}`,
      state: level.state as LearningState,
      modules: level.topics.flatMap((t) =>
        t.module
          ? [
              {
                id: t._id,
                title: t.title,
                state: t.module.state as LearningState,
                ratio: t.module.parts.length === 0 ? 0 : t.module.parts.filter((p) => p.state === "completed").length / t.module.parts.length,
                parts: t.module.parts.map((p) => ({ id: p._id, title: p.title, state: p.state as LearningState, current: p._id === currentPartId })),
              },
            ]
          : [],
      ),
    })),
  };
}

export function outcome(answer: {
  partState: string;
  moduleCompleted: boolean;
  levelCompleted?: boolean;
  courseCompleted: boolean;
  unlockedParts: string[];
}): string | null {
  if (answer.courseCompleted) return "kurz-hotovy";
  if (answer.levelCompleted && answer.moduleCompleted) return "uroven-hotova";
  if (answer.moduleCompleted && answer.partState === "completed") return "modul-hotovy";
  if (answer.partState === "completed") return "cast-hotova";
  return null;
}

export type OutlineData = ReturnType<typeof outlineOf>;
