/** Who a broadcast leaves out: a socket, and, when set, the user that socket must belong to. */
export interface Exclusion {
  socketId: string;
  /** Null = trusted caller (HTTP API with the app secret): exclude the socket whoever owns it. */
  userId: string | null;
}

/** What instances tell each other. `data` is already the JSON string sent on the wire. */
export type BusMessage =
  | {
      type: 'event';
      channel: string;
      event: string;
      data: string;
      /** Set on client events in presence channels, as Pusher does. */
      userId?: string;
      except?: Exclusion;
    }
  | { type: 'disconnect-user'; userId: string }
  /** Sessions that ended: each instance closes the sockets it signed for them (see SocketOwnerLedger). */
  | { type: 'disconnect-sessions'; sessionIds: string[] }
  /** Sockets to close wherever they are connected. */
  | { type: 'disconnect-sockets'; socketIds: string[] };

/** Fan-out between server instances. Each instance delivers its own publishes locally first. */
export interface Bus {
  publish(message: BusMessage): Promise<void>;
  /** Called with messages published by other instances. */
  onMessage(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

/** A single instance has nobody to tell. */
export class LocalBus implements Bus {
  async publish(): Promise<void> {}
  onMessage(): void {}
  async close(): Promise<void> {}
}
