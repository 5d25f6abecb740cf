// The dev module's front door: the scenario stager (tests, benches, `npm run scenario`) and its route.
export { devRoutes } from './dev.routes.ts';
export { ALL_SCENARIO_NAMES, isScenarioName, SCENARIO_NAMES, stageScenario } from './scenarios.ts';
export type { ScenarioName, ScenarioOptions, ScenarioResult } from './scenarios.ts';
