// `@versus/common/realtime`: channel names, event names and payloads of the realtime service.
export * from './realtime/channels.ts';
export * from './realtime/events.ts';
export type * from './realtime/payloads.ts';
export type * from './realtime/client-config.ts';
