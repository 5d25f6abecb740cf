// Shared child-process plumbing: answer the coordinator's commands with a given publish function.
import type { FromServer, ToServer } from './protocol.ts';
import { now } from './protocol.ts';

type Publish = (room: number, payload: { t: number }) => void | Promise<void>;

function send(message: FromServer): void {
  process.send?.(message);
}

async function publishRound(rooms: number, publish: Publish): Promise<void> {
  const payload = { t: now() };
  for (let room = 0; room < rooms; room++) await publish(room, payload);
}

/** A steady load of match events: each goes to one room, as a real match event does. */
async function publishPaced(command: Extract<ToServer, { type: 'paced' }>, publish: Publish): Promise<void> {
  let room = 0;
  for (let sent = 0; sent < command.events;) {
    const tickStart = now();
    for (let i = 0; i < command.perTick && sent < command.events; i++, sent++) {
      await publish(room, { t: now() });
      room = (room + 1) % command.rooms;
    }
    const wait = command.tickMs - (now() - tickStart);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
  }
}

/** Serves coordinator commands until told to stop. */
export function serveCommands(port: number, publish: Publish, stop: () => Promise<void>): void {
  process.on('message', (message: ToServer) => {
    void (async () => {
      switch (message.type) {
        case 'memory': {
          global.gc?.();
          const { rss, heapUsed, external } = process.memoryUsage();
          send({ type: 'memory', rss, heapUsed, external });
          return;
        }
        case 'round':
          await publishRound(message.rooms, publish);
          send({ type: 'done', cpuMicros: 0 });
          return;
        case 'paced':
          await publishPaced(message, publish);
          send({ type: 'done', cpuMicros: 0 });
          return;
        case 'blast': {
          const cpu = process.cpuUsage();
          for (let i = 0; i < message.rounds; i++) {
            await publishRound(message.rooms, publish);
            await new Promise((resolve) => setImmediate(resolve));
          }
          // Let the last writes drain so their cost is counted too.
          await new Promise((resolve) => setTimeout(resolve, 50));
          const used = process.cpuUsage(cpu);
          send({ type: 'done', cpuMicros: used.user + used.system });
          return;
        }
        case 'stop':
          await stop();
          process.exit(0);
      }
    })();
  });
  send({ type: 'ready', port });
}
