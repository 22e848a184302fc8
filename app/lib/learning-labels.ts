// Slovak labels of learning states (pages only).
export const partStateLabels: Record<string, string> = {
  locked: "Zamknuté",
  available: "Dostupné",
  in_progress: "Rozpracované",
  completed: "Dokončené",
};

export const levelStateLabels: Record<string, string> = {
  locked: "Zamknutá",
  available: "Dostupná",
  in_progress: "Rozpracovaná",
  completed: "Dokončená",
};
