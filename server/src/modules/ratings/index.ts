// The ratings module's front door: it follows match results as a subscriber, answers the match page's
// rating breakdown, and re-rates history when the model changes (`npm run ratings:rerate -w server`).
export { ratingsSubscriber } from './ratings.service.ts';
export { ratingRoutes } from './ratings.routes.ts';
export { rerateHistory, storedResults } from './rerate.ts';
export type { StoredResult } from './rerate.ts';
