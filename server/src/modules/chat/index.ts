// The chat module's front door.
export { chatRoutes } from './chat.routes.ts';
