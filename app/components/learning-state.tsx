// A learning state as an icon with its word (not colour alone): available (an empty
// circle), locked (a padlock), in progress (a ring filled to the share done), completed
// (a check). The learning dashboard, the lesson player's outline and the part page use it.
import { levelStateLabels, partStateLabels } from "../lib/learning-labels";

export type LearningState = "locked" | "available" | "in_progress" | "completed";

/** The icon alone (decorative: the label beside it carries the meaning). */
export function StateIcon({ state, ratio }: { state: LearningState; ratio?: number }) {
  const common = { className: `state-icon state-icon-${state}`, viewBox: "0 0 20 20", width: 20, height: 20, "aria-hidden": true, focusable: false } as const;
  if (state === "completed") {
    return (
      <svg {...common}>
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    );
  }
  if (state === "locked") {
    return (
      <svg {...common}>
        <rect x="4" y="9" width="12" height="9" rx="1.5" fill="currentColor" />
        <path d="M7 9V6.5a3 3 0 016 0V9" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    );
  }
  if (state === "in_progress") {
    // a ring: the circumference of r=7 is 2πr ≈ 44; a started part shows at least a quarter
    const share = Math.min(0.95, Math.max(0.25, ratio ?? 0.5));
    return (
      <svg {...common}>
        <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" strokeOpacity=".25" strokeWidth="3" />
        <circle
          cx="10"
          cy="10"
          r="7"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeDasharray={`${(share * 44).toFixed(1)} 44`}
          transform="rotate(-90 10 10)"
        />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** Icon and word, e.g. ✓ Dokončené; `feminine` for a level ("Dokončená"). */
export function StateBadge({ state, ratio, feminine, label }: { state: LearningState; ratio?: number; feminine?: boolean; label?: string }) {
  return (
    <span className={`state-badge state-${state}-badge`}>
      <StateIcon state={state} ratio={ratio} />
      {label ?? (feminine ? levelStateLabels : partStateLabels)[state]}
    </span>
  );
}
