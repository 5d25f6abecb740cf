// Development helpers (never in production): stage a fresh match of the demo world in a named state.
import { z } from 'zod';
import { statusIdSchema } from './matches.ts';
import { dataOf } from './primitives.ts';

/** An unknown name answers 404 with the known ones. */
export const scenarioParams = z.object({
  name: z.string().meta({ description: 'ladder-challenge, ladder-veto, ..., pug-pick, pug-location' }),
});

const scenarioSide = z.object({
  team: z.string(),
  captain: z.string().nullable(),
  players: z.array(z.string()),
});

/** `POST /api/v1/dev/scenarios/{name}` (201): the staged match and who plays it (demo password). */
export const scenarioSchema = z
  .object({
    scenario: z.string(),
    matchId: z.number(),
    url: z.string(),
    statusId: statusIdSchema,
    challenger: scenarioSide,
    opponent: scenarioSide,
    password: z.string(),
  })
  .meta({ id: 'Scenario' });
export type Scenario = z.infer<typeof scenarioSchema>;
export const scenarioAnswer = dataOf(scenarioSchema);
