import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage } from './bus/bus.ts';
import type { Connection } from './connection.ts';
import type { PresenceStore } from './presence/presence-store.ts';
import type { RealtimeTuning } from './protocol.ts';

/** Settings of the embedded service, from configuration. */
export interface RealtimeServiceSettings {
  appKey: string;
  appSecret: string;
  /** Browser origins allowed to open a socket; requests without an Origin (non-browsers) are let in. */
  allowedOrigins: string[];
  clientEvents: boolean;
  maxPresenceMembers: number;
  /** Open sockets one client address may hold on this instance (0 or unset: no cap). */
  maxConnectionsPerAddress?: number;
  /** The client's address of an upgrade request (honouring TRUST_PROXY); the socket's peer by default. */
  clientAddress?: (request: IncomingMessage) => string;
  tuning: RealtimeTuning;
}

/** What the frame handlers need from the service. */
export interface ServiceContext {
  readonly settings: RealtimeServiceSettings;
  readonly presence: PresenceStore;
  readonly log: FastifyBaseLogger;
  now(): number;
  addSubscriber(channel: string, connection: Connection): void;
  removeSubscriber(channel: string, connection: Connection): void;
  /** Delivers locally and tells the other instances. */
  publish(message: BusMessage): Promise<void>;
}
