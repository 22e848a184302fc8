// The time left until a test's deadline, in a bar that stays on screen while the student
// scrolls. Without JavaScript it says until when (the server enforces the deadline either
// way); with it, it counts down every second for the eye (role="timer", not announced)
// and tells a screen reader politely only at a few moments: every 5 minutes, at 1 minute
// and at 30 seconds (docs/decisions/student-ui/student-pages-on-a-phone.md > Tests on a phone). At 0:00 it calls `onExpire`
// once (the test page submits itself and locks; docs/decisions/quizzes/a-test-closes-at-0-00.md > A test closes at 0:00).
// Both texts have the same two lines on a phone (the deadline on a line of its own), so the
// countdown replacing the server's text moves nothing (docs/decisions/student-ui/countdown-no-layout-shift.md).
import { useEffect, useRef, useState } from "react";

function left(deadline: string): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - Date.now()) / 1000));
}

/** The words a screen reader hears at `seconds` left, or null when it is not such a moment. */
export function announcementAt(seconds: number): string | null {
  if (seconds === 30) return "Zostáva 30 sekúnd.";
  if (seconds === 60) return "Zostáva 1 minúta.";
  if (seconds > 0 && seconds % 300 === 0) {
    return `Zostáva ${seconds / 60} minút.`;
  }
  return null;
}

export function Countdown({
  deadline,
  deadlineText,
  onExpire,
  children,
}: {
  deadline: string;
  deadlineText: string;
  onExpire?: () => void;
  children?: React.ReactNode;
}) {
  const [seconds, setSeconds] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const expire = useRef(onExpire);
  expire.current = onExpire;
  useEffect(() => {
    const tick = () => {
      const now = left(deadline);
      setSeconds(now);
      if (now === 0) {
        clearInterval(timer);
        setAnnouncement("Čas vypršal.");
        expire.current?.();
        return;
      }
      const words = announcementAt(now);
      if (words) setAnnouncement(words);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [deadline]);
  const low = seconds !== null && seconds <= 60;
  return (
    <div className={`countdown-bar${low ? " low" : ""}`}>
      {seconds === null ? (
        <p className="countdown">
          Test odovzdajte{" "}
          <span className="countdown-until">
            do <strong>{deadlineText}</strong>.
          </span>
        </p>
      ) : (
        <p className="countdown" role="timer" aria-live="off">
          Zostávajúci čas:{" "}
          <strong>
            {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, "0")}
          </strong>{" "}
          <span className="muted countdown-until">(do {deadlineText})</span>
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {children}
    </div>
  );
}
