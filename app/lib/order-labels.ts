// Slovak names of order states (pages only; the API keeps the codes).
export const orderStateLabels: Record<string, string> = {
  pending: "Čaká na platbu",
  paid: "Zaplatená",
  failed: "Platba zlyhala",
  expired: "Vypršala",
  refunded: "Vrátené peniaze",
  disputed: "Reklamovaná platba",
};
