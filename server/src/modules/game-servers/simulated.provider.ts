import crypto from 'node:crypto';
import dgram from 'node:dgram';
import type { GameServerProvider, ProvisionedServer, ProvisionRequest } from './game-server.provider.ts';
import { encodeStatusResponse, STATUS_REQUEST } from './quake3-query.ts';

interface Running {
  socket: dgram.Socket;
  readyAt: number;
  /** The log token, in memory only, as a real server would hold it. */
  logToken: string | null;
}

/**
 * The default provider: for each match a real UDP responder on 127.0.0.1 that answers the CoD4
 * `getstatus` query like a game server would, after a short STARTING period in which it stays silent.
 * It lets the whole flow (server box, status polling, connection string) run on one machine.
 */
export class SimulatedGameServerProvider implements GameServerProvider {
  readonly name = 'simulated';
  private readonly running = new Map<number, Running>();

  constructor(
    private readonly options: { startupMs: number; host?: string; now?: () => number } = { startupMs: 3000 },
  ) {}

  async provision(request: ProvisionRequest): Promise<ProvisionedServer> {
    const server = {
      host: this.options.host ?? '127.0.0.1',
      port: 0,
      password: crypto.randomBytes(4).toString('hex'),
      rconPassword: crypto.randomBytes(12).toString('hex'),
    };
    server.port = await this.listen(request, server.host, 0);
    return server;
  }

  async resume(request: ProvisionRequest, server: ProvisionedServer): Promise<void> {
    if (this.running.has(server.port)) return;
    await this.listen(request, server.host, server.port).catch(() => undefined);
  }

  deliverLogToken(server: Pick<ProvisionedServer, 'port'>, token: string): Promise<void> {
    const running = this.running.get(server.port);
    if (running) running.logToken = token;
    return Promise.resolve();
  }

  /** The log token the server on `port` was given (what it would send as `Authorization: Bearer`). */
  logTokenOf(port: number): string | null {
    return this.running.get(port)?.logToken ?? null;
  }

  async destroy(server: Pick<ProvisionedServer, 'port'>): Promise<void> {
    const running = this.running.get(server.port);
    if (!running) return;
    this.running.delete(server.port);
    await new Promise<void>((resolve) => running.socket.close(() => resolve()));
  }

  async close(): Promise<void> {
    await Promise.all([...this.running.keys()].map((port) => this.destroy({ port })));
  }

  private listen(request: ProvisionRequest, host: string, port: number): Promise<number> {
    const now = this.options.now ?? Date.now;
    const socket = dgram.createSocket('udp4');
    const readyAt = now() + this.options.startupMs;
    socket.on('message', (message, remote) => {
      if (!message.subarray(0, STATUS_REQUEST.length - 1).equals(STATUS_REQUEST.subarray(0, -1))) return;
      if (now() < readyAt) return; // still "starting": a real server does not answer yet either
      const response = encodeStatusResponse({
        vars: {
          sv_hostname: `Versus match #${request.matchId}`,
          sv_maxclients: String(request.maxPlayers),
          mapname: request.maps[0] ?? 'mp_crash',
          g_gametype: 'sd',
        },
        players: request.playerNames.map((name, i) => ({ score: 0, ping: 30 + ((i * 7) % 40), name })),
      });
      socket.send(response, remote.port, remote.address);
    });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => {
        const bound = socket.address().port;
        this.running.set(bound, { socket, readyAt, logToken: null });
        resolve(bound);
      });
    });
  }
}
