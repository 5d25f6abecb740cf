/** The instant every test world starts at (a fixed evening, so deadlines read naturally in failures). */
export const T0 = Date.UTC(2030, 0, 1, 18, 0, 0);

/** A clock tests move by hand. */
export class FakeClock {
  constructor(public time = T0) {}
  readonly now = (): number => this.time;
  advance(ms: number): number {
    this.time += ms;
    return this.time;
  }
}
