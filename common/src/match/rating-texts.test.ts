import { describe, expect, it } from 'vitest';
import { PROVISIONAL_MATCHES, provisionalNote, provisionalText } from './rating-texts.ts';
import { isProvisional, newSkill, rateResult } from './skill.ts';
import type { Skill } from './skill.ts';

/** Rated matches between newcomers (sides of `size`, results alternating) until σ is no longer provisional. */
function matchesToSettle(size: number): number {
  let sides: { challenger: Skill[]; opponent: Skill[] } = {
    challenger: Array.from({ length: size }, newSkill),
    opponent: Array.from({ length: size }, newSkill),
  };
  let played = 0;
  while (sides.challenger.some(isProvisional)) {
    sides = rateResult(sides, played % 2 === 0 ? 'opponent' : 'challenger');
    played += 1;
  }
  return played;
}

describe('provisional ratings in words', () => {
  it('say how many rated matches settle a team and a 5v5 player, as the model counts them', () => {
    expect(PROVISIONAL_MATCHES.team).toBe(matchesToSettle(1));
    expect(PROVISIONAL_MATCHES.player).toBe(matchesToSettle(5));
  });

  it('reads as a short text', () => {
    expect(provisionalText('player')).toBe('provisional: fewer than 14 rated matches');
    expect(provisionalText('team')).toBe('provisional: fewer than 4 rated matches');
    expect(provisionalNote('player')).toBe(
      'Provisional: fewer than 14 rated matches, so the rating still moves a lot.',
    );
  });
});
