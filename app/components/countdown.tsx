// The time left until a test's deadline. Without JavaScript it says until when (the
// server enforces the deadline either way); with it, it counts down every second.
import { useEffect, useState } from "react";

function left(deadline: string): number {
  return Math.max(0, Math.floor((Date.parse(deadline) - Date.now()) / 1000));
}

export function Countdown({ deadline, deadlineText }: { deadline: string; deadlineText: string }) {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    setSeconds(left(deadline));
    const timer = setInterval(() => setSeconds(left(deadline)), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (seconds === null) return <p className="countdown">Test odovzdajte do {deadlineText}.</p>;
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return (
    <p className="countdown" role="timer" aria-live="off">
      Zostávajúci čas: <strong>{m}:{s}</strong> (do {deadlineText})
    </p>
  );
}
