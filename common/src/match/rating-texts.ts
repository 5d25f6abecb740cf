// What a provisional rating means, in words, for the pages that show one: the model is unsure of a subject
// while its σ is above PROVISIONAL_SIGMA (skill.ts), which takes a newcomer about this many rated matches to
// leave (measured on the model between newcomers; rating-texts.test.ts keeps the numbers honest).
/** Rated matches a newcomer plays before its rating stops being provisional: a team, a 5v5 player. */
export const PROVISIONAL_MATCHES = { team: 4, player: 14 } as const;

/** "provisional: fewer than 14 rated matches" */
export function provisionalText(subject: keyof typeof PROVISIONAL_MATCHES): string {
  return `provisional: fewer than ${String(PROVISIONAL_MATCHES[subject])} rated matches`;
}

/** The footnote beside ratings marked "(provisional)": "Provisional: fewer than 14 rated matches, ..." */
export function provisionalNote(subject: keyof typeof PROVISIONAL_MATCHES): string {
  const n = String(PROVISIONAL_MATCHES[subject]);
  return `Provisional: fewer than ${n} rated matches, so the rating still moves a lot.`;
}
