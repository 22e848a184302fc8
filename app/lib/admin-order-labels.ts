// Slovak words of the admin order pages (the API keeps the codes).
export const refundStateLabels: Record<string, string> = {
  pending: "Čaká na vysporiadanie",
  completed: "Dokončená",
  failed: "Zlyhala",
};

export const enrollmentStateLabels: Record<string, string> = {
  active: "Aktívny",
  completed: "Dokončený",
  cancelled: "Zrušený",
  expired: "Vypršaný",
};

export const webhookProviderLabels: Record<string, string> = {
  payment: "Platobná brána",
  video: "Video",
  meetings: "Stretnutia (fáza 2)",
};

export const webhookResultLabels: Record<string, string> = {
  success: "Spracovaná",
  error: "Chyba",
  unprocessed: "Nespracovaná",
};

/** What a payment webhook did (the receiver's `result`, kept in the audit row). */
export const paymentEventResultLabels: Record<string, string> = {
  paid: "objednávka zaplatená",
  failed: "platba zlyhala",
  refunded: "objednávka úplne refundovaná",
  partially_refunded: "čiastočná refundácia dokončená",
  disputed: "platba reklamovaná",
  ignored_not_pending: "ignorovaná (objednávka nečakala na platbu)",
  ignored_already_paid: "ignorovaná (už zaplatená)",
  ignored_payment_recorded: "ignorovaná (platba už zaznamenaná)",
  ignored_not_paid: "ignorovaná (objednávka nie je zaplatená)",
  ignored_refund_not_pending: "ignorovaná (refundácia už bola vysporiadaná)",
  ignored_unknown_type: "ignorovaná (neznámy typ udalosti)",
  order_not_found: "objednávka neexistuje",
  amount_mismatch: "suma nezodpovedá objednávke",
  amount_mismatch_refunded: "suma nezodpovedá objednávke: platba sa vracia",
  duplicate_payment_refunded: "duplicitná platba: vracia sa",
  extra_payment_refunded: "vrátenie duplicitnej platby dokončené",
  ignored_refunded_alerted: "reklamácia refundovanej objednávky: upozornenie administrátorom",
};

/** Who acted: a person id, or one of the system actors. */
export function actorLabel(actorId: string): string {
  if (actorId === "system:payment-gateway") return "platobná brána";
  if (actorId === "system:idp") return "poskytovateľ identity";
  if (actorId === "system:job") return "naplánovaná úloha";
  if (actorId === "system:duplicate-payment") return "vrátenie duplicitnej platby";
  if (actorId === "system:payment-amount-mismatch") return "vrátenie platby v nesprávnej sume";
  if (actorId === "system:refund-job") return "úloha vrátenia peňazí";
  return actorId;
}

/** "12,50" → 1250 cents, computed on the digits (no floating point). */
export function centsFromEuroText(value: string): number {
  const [units, fraction = ""] = value.trim().split(/[.,]/);
  return Number(units) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 1250 → "12,50" (what an amount field shows). */
export function euroTextFromCents(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}
