// The solo-queue module's front door.
export { soloQueueRoutes } from './solo-queue.routes.ts';
export { sweepQueuePops } from './solo-queue-pop.ts';
export { isPugScenarioName, PUG_SCENARIO_NAMES, stagePugScenario } from './pick-scenarios.ts';
export type { PugScenarioName } from './pick-scenarios.ts';
