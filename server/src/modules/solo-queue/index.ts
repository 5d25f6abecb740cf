// The solo-queue module's front door.
export { soloQueueRoutes } from './solo-queue.routes.ts';
export { sweepQueuePops } from './solo-queue-pop.ts';
export { popDue } from './solo-queue-pop.repository.ts';
export { isPickScenarioName, PICK_SCENARIO_NAMES, stagePickScenario } from './pick-scenarios.ts';
export type { PickScenarioName } from './pick-scenarios.ts';
