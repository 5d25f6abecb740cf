// The pug (player select) module's front door.
export { pugRoutes } from './pug.routes.ts';
export { pugPickerSubscriber } from './pug.subscriber.ts';
