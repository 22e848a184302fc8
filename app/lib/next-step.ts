// The one primary button of every end and of the learning dashboard (issue 29, item 2;
// docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere): where the next step (server/learning
// nextStep) leads and what the button says. Pure.
import type { NextStep } from "#server/learning";

export type NextStepLink = { href: string; label: string };

/** A level's end (app/lib/level-end.server.ts). */
export type LevelEnd = {
  levelTitle: string;
  /** the level issues an intermediate certificate */
  issues: boolean;
  /** the certificate once issued */
  certificate: { title: string; href: string } | null;
};

export function nextStepLink(slug: string, step: NextStep): NextStepLink {
  switch (step.kind) {
    case "part":
      return { href: `/kurzy/${slug}/studium/${step.partId}`, label: `${step.started ? "Pokračovať" : "Začať"}: ${step.title}` };
    case "test":
      return { href: `/kurzy/${slug}/testy/${step.testId}`, label: `Prejsť na test: ${step.title}` };
    case "requirement":
      return { href: `/kurzy/${slug}/webinare/${step.ref}`, label: `Webinár: ${step.title}` };
    case "finish":
      return { href: `/kurzy/${slug}/hotovo`, label: "Na záver kurzu a k certifikátu" };
    case "none":
      return { href: `/kurzy/${slug}/studium`, label: "Prehľad kurzu" };
  }
}

/** What the next test means, said beside it: a test that completes the course says so (never "odomkne ďalšiu úroveň"). */
export function nextStepNote(step: NextStep, course: { lastLevelId: string | null; courseTestRequired: boolean }): string | null {
  if (step.kind === "requirement") return "Úroveň dokončíte účasťou na webinári; ak ste chýbali, pozrite si jeho záznam.";
  if (step.kind !== "test") return null;
  if (step.placement === "course") return "Úspešným záverečným testom dokončíte kurz.";
  if (step.placement === "level") {
    if (step.levelId !== course.lastLevelId) return "Úspešným testom dokončíte úroveň a odomknete ďalšiu.";
    return course.courseTestRequired ? "Úspešným testom dokončíte poslednú úroveň; potom vás čaká záverečný test kurzu." : "Úspešným testom dokončíte kurz.";
  }
  return "Test je povinný: bez neho modul nedokončíte.";
}
