// Slovak labels of certificate values, for pages (browser-safe: no server imports).
export const certificateTypeLabels: Record<string, string> = {
  final: "Záverečný certifikát kurzu",
  intermediate: "Priebežný certifikát úrovne",
};
