// The one progress measure, said and drawn the same way on every page (docs/decisions/learning/one-next-step-everywhere.md >
// One next step everywhere): required steps done of required steps, 100 % only when the
// course is completed.
type Props = { id: string; progress: { done: number; total: number; percent: number }; className?: string };

export function StudyProgress({ id, progress, className }: Props) {
  return (
    <p className={className}>
      <label htmlFor={id}>
        Hotovo {progress.percent} %: {progress.done} z {progress.total} povinných krokov (časti a testy)
      </label>
      <progress id={id} max={progress.total || 1} value={progress.done}>
        {progress.percent} %
      </progress>
    </p>
  );
}
