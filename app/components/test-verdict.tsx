// A question's verdict on the test page: the icon and its words, and a question's points.

export function VerdictIcon({ correct }: { correct: boolean }) {
  return correct ? (
    <svg className="state-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ) : (
    <svg className="state-icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** The mark beside the answer the student chose: right or wrong, as an icon and a word. */
export function Verdict({ correct }: { correct: boolean }) {
  return (
    <span className={`answer-verdict ${correct ? "correct" : "wrong"}`}>
      <VerdictIcon correct={correct} />
      {correct ? "Vaša odpoveď, správne" : "Vaša odpoveď, nesprávne"}
    </span>
  );
}

export function formatPoints(weight: number): string {
  return weight === 1 ? "1 bod" : weight < 5 && Number.isInteger(weight) ? `${weight} body` : `${weight} bodov`;
}
