import { GameServersAdmin } from './game-servers-admin';

/** `/admin/game-servers`: the pool with its live state, the match on each server, guests and moves. */
export function GameServersPage() {
  return (
    <>
      <h1>Game servers</h1>
      <GameServersAdmin />
    </>
  );
}
