import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Bus, BusMessage } from './bus/bus.ts';
import { Connection } from './connection.ts';
import { handleFrame } from './frames.ts';
import type { PresenceStore } from './presence/presence-store.ts';
import { encodeFrame, PROTOCOL_VERSION, PusherCode } from './protocol.ts';
import type { RealtimeServiceSettings, ServiceContext } from './service-context.ts';
import { newSocketId } from './signing.ts';
import { publishMemberAdded, publishMemberRemoved, unsubscribeAll } from './subscriptions.ts';

const SHUTDOWN_GRACE_MS = 1000;
const APP_PATH = /^\/app\/([^/]{1,200})$/;

/** App key and protocol version of `/app/{key}?protocol=7`, or null when the path is not ours. */
function parseTarget(rawUrl: string | undefined): { key: string; protocol: string | null } | null {
  try {
    const url = new URL(rawUrl ?? '/', 'http://localhost');
    const match = APP_PATH.exec(url.pathname);
    if (!match) return null;
    return { key: decodeURIComponent(match[1] ?? ''), protocol: url.searchParams.get('protocol') };
  } catch {
    // Malformed URL or percent-encoding: not a path we serve.
    return null;
  }
}

/**
 * The embedded Pusher-protocol (7) WebSocket service. It owns this instance's sockets and channel
 * index; other instances are reached through the Bus, shared presence through the PresenceStore.
 */
export class RealtimeService implements ServiceContext {
  private readonly wss: WebSocketServer;
  private readonly connections = new Map<string, Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  /** Open sockets per client address, and each socket's address (for the per-address cap). */
  private readonly perAddress = new Map<string, number>();
  private readonly addressOfSocket = new Map<string, string>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  /** The sockets this instance signed for these sessions (set by the back end; see SocketOwnerLedger). */
  socketsOfSessions: (sessionIds: readonly string[]) => string[] = () => [];

  constructor(
    readonly settings: RealtimeServiceSettings,
    readonly presence: PresenceStore,
    private readonly bus: Bus,
    readonly log: FastifyBaseLogger,
  ) {
    // Compression would cost CPU per recipient and defeat encoding each event once.
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: settings.tuning.hardMaxFrameBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    bus.onMessage((message) => this.receive(message));
    this.heartbeat = setInterval(() => this.sweepIdle(), settings.tuning.heartbeatSweepMs);
    this.heartbeat.unref();
  }

  now(): number {
    return Date.now();
  }

  /** Number of open sockets on this instance. */
  get connectionCount(): number {
    return this.connections.size;
  }

  /** Number of channels with at least one subscriber on this instance. */
  get channelCount(): number {
    return this.subscribers.size;
  }

  /**
   * Takes over an HTTP upgrade for `/app/{key}`; false when the path is not ours. Browsers always send
   * Origin, so checking it stops other sites from opening sockets with a visitor's cookies.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const target = parseTarget(request.url);
    if (!target) return false;
    const { key, protocol } = target;
    const origin = request.headers.origin;
    if (this.closing || (origin !== undefined && !this.settings.allowedOrigins.includes(origin))) {
      socket.end(
        `HTTP/1.1 ${this.closing ? '503 Service Unavailable' : '403 Forbidden'}\r\nConnection: close\r\n\r\n`,
      );
      return true;
    }
    const address = this.settings.clientAddress?.(request) ?? request.socket.remoteAddress ?? 'unknown';
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.accept(ws, key, protocol, address);
    });
    return true;
  }

  private accept(ws: WebSocket, key: string, protocol: string | null, address: string): void {
    const { tuning } = this.settings;
    let id = newSocketId();
    while (this.connections.has(id)) id = newSocketId();
    const conn = new Connection(id, ws, tuning.maxSendBufferBytes, this.now());
    ws.on('error', (err) => this.log.debug({ err, socketId: id }, 'realtime: socket error'));

    const refusal = this.refusal(key, protocol, address);
    if (refusal) {
      conn.fail(refusal.code, refusal.message);
      return;
    }
    this.connections.set(id, conn);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    this.addressOfSocket.set(id, address);
    ws.on('message', (raw) => {
      conn.lastSeenAt = this.now();
      conn.pingSentAt = null;
      handleFrame(this, conn, raw);
    });
    ws.on('close', () => void this.drop(conn));
    conn.sendEvent('pusher:connection_established', {
      socket_id: id,
      activity_timeout: tuning.activityTimeoutSeconds,
    });
  }

  private refusal(
    key: string,
    protocol: string | null,
    address: string,
  ): { code: number; message: string } | null {
    if (key !== this.settings.appKey) return { code: PusherCode.UnknownAppKey, message: 'Unknown app key' };
    if (protocol === null) return { code: PusherCode.NoVersion, message: 'No protocol version supplied' };
    if (!/^\d{1,3}$/.test(protocol)) return { code: PusherCode.InvalidVersion, message: 'Invalid version' };
    if (Number(protocol) !== PROTOCOL_VERSION) {
      return {
        code: PusherCode.UnsupportedVersion,
        message: `Only protocol ${PROTOCOL_VERSION} is supported`,
      };
    }
    if (this.connections.size >= this.settings.tuning.maxConnections) {
      return { code: PusherCode.OverCapacity, message: 'Over capacity' };
    }
    const cap = this.settings.maxConnectionsPerAddress;
    if (cap !== undefined && cap > 0 && (this.perAddress.get(address) ?? 0) >= cap) {
      return { code: PusherCode.TooManyFromAddress, message: 'Too many connections from this address' };
    }
    return null;
  }

  /** Socket gone: leave its channels (after any subscribe still in flight). */
  private drop(conn: Connection): Promise<void> {
    conn.closed = true;
    if (this.connections.get(conn.id) !== conn) return conn.queue;
    this.connections.delete(conn.id);
    const address = this.addressOfSocket.get(conn.id);
    this.addressOfSocket.delete(conn.id);
    if (address !== undefined) {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    }
    conn.queue = conn.queue
      .then(() => unsubscribeAll(this, conn))
      .catch((err: unknown) => this.log.error({ err, socketId: conn.id }, 'realtime: cleanup failed'));
    return conn.queue;
  }

  addSubscriber(channel: string, conn: Connection): void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(conn);
  }

  removeSubscriber(channel: string, conn: Connection): void {
    const set = this.subscribers.get(channel);
    if (set?.delete(conn) && set.size === 0) this.subscribers.delete(channel);
  }

  /** Delivers to this instance's sockets, then tells the others. Never rejects: failures are logged. */
  async publish(message: BusMessage): Promise<void> {
    this.receive(message);
    try {
      await this.bus.publish(message);
    } catch (err) {
      this.log.error({ err }, 'realtime: fan-out to other instances failed');
    }
  }

  private receive(message: BusMessage): void {
    switch (message.type) {
      case 'event':
        this.deliver(message);
        return;
      case 'disconnect-user':
        this.disconnectLocalUser(message.userId);
        return;
      case 'disconnect-sessions':
        this.disconnectLocalSessions(message.sessionIds);
        return;
      case 'disconnect-sockets':
        for (const socketId of message.socketIds) {
          const conn = this.connections.get(socketId);
          if (conn) this.signOut(conn);
        }
        return;
    }
  }

  private deliver(message: Extract<BusMessage, { type: 'event' }>): void {
    const set = this.subscribers.get(message.channel);
    if (!set) return;
    // Encoded once per event; every recipient gets the same bytes.
    const frame = Buffer.from(encodeFrame(message.event, message.data, message.channel, message.userId));
    const except = message.except;
    for (const conn of set) {
      if (
        except &&
        conn.id === except.socketId &&
        (except.userId === null || except.userId === conn.userId)
      ) {
        continue;
      }
      conn.send(frame);
    }
  }

  /** True when the socket is on this instance and has proved it belongs to the user. */
  socketBelongsTo(socketId: string, userId: number | string): boolean {
    return this.connections.get(socketId)?.userId === String(userId);
  }

  /** Ends every socket of the user on every instance (sign-out). */
  async disconnectUser(userId: number | string): Promise<void> {
    await this.publish({ type: 'disconnect-user', userId: String(userId) });
  }

  /**
   * Ends the sockets of these sessions on every instance: each instance looks up the sockets it signed for
   * them and closes those connected to it; the others are named to every instance in a second message.
   */
  async disconnectSessions(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length > 0)
      await this.publish({ type: 'disconnect-sessions', sessionIds: [...sessionIds] });
  }

  private disconnectLocalSessions(sessionIds: readonly string[]): void {
    const elsewhere: string[] = [];
    for (const socketId of this.socketsOfSessions(sessionIds)) {
      const conn = this.connections.get(socketId);
      if (conn) this.signOut(conn);
      else elsewhere.push(socketId);
    }
    if (elsewhere.length > 0) {
      this.bus
        .publish({ type: 'disconnect-sockets', socketIds: elsewhere })
        .catch((err: unknown) => this.log.error({ err }, 'realtime: fan-out to other instances failed'));
    }
  }

  private disconnectLocalUser(userId: string): void {
    for (const conn of this.connections.values()) {
      if (conn.userId === userId) this.signOut(conn);
    }
  }

  private signOut(conn: Connection): void {
    // 4009 tells the page why; closing with 42xx lets pusher-js reconnect as an anonymous socket.
    conn.sendError(PusherCode.Unauthorized, 'Signed out');
    conn.close(PusherCode.GoingAway, 'Signed out');
    void this.drop(conn);
  }

  /** Members a crashed instance left behind, found by the Redis sweeper. */
  async announceRemovedMember(channel: string, userId: string): Promise<void> {
    await publishMemberRemoved(this, channel, userId);
  }

  /** Re-registers this instance's presence sockets after Redis presumed it dead and swept it. */
  async rejoinPresence(): Promise<void> {
    const { maxPresenceMembers } = this.settings;
    for (const conn of this.connections.values()) {
      if (conn.userId === null) continue;
      for (const [channel, infoJson] of conn.presenceInfo) {
        const member = { userId: conn.userId, infoJson };
        if ((await this.presence.join(channel, member, conn.id, maxPresenceMembers)) === 'added') {
          await publishMemberAdded(this, channel, member, conn.id);
        }
      }
    }
  }

  private sweepIdle(): void {
    const now = this.now();
    const { activityTimeoutSeconds, pongTimeoutMs } = this.settings.tuning;
    for (const conn of this.connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt > pongTimeoutMs) {
          conn.close(PusherCode.PongNotReceived, 'Pong reply not received');
          void this.drop(conn);
        }
      } else if (now - conn.lastSeenAt >= activityTimeoutSeconds * 1000) {
        conn.pingSentAt = now;
        conn.sendEvent('pusher:ping', {});
      }
    }
  }

  /** Graceful shutdown: 4200 tells clients to reconnect at once (to another instance, or this one restarted). */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    const conns = [...this.connections.values()];
    for (const conn of conns) conn.close(PusherCode.GoingAway, 'Server shutting down');
    await Promise.all(conns.map((conn) => this.drop(conn)));
    // Clients answer the close frame at once; the HTTP server cannot stop while one has not.
    const grace = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.all(conns.map((conn) => conn.ended)), grace]);
    for (const conn of conns) conn.terminate();
    this.wss.close();
    await this.bus.close();
    await this.presence.close();
  }
}
