/** What the part editor calls each kind of block. */
export const BLOCK_NAMES = { text: "Text", video: "Video", presentation: "Prezentácia", image: "Obrázok" } as const;
