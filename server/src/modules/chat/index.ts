// The chat module's front door.
export { chatRoutes } from './chat.routes.ts';
export { CHAT_TEXTS } from './chat.service.ts';
