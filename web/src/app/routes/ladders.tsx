import { LadderList } from '@/features/ladders/components/ladder-list';

/** `/ladders`. */
export function LaddersRoute() {
  return (
    <section>
      <h1>Ladders</h1>
      <LadderList />
    </section>
  );
}
