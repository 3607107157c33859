/**
 * Slots shared by teams (a worker's job slots, the browser's pages): one team never holds more than half of them,
 * so a team with slow or stuck work leaves the other half to everybody else, and a waiting job goes to the team
 * holding fewest. A team alone is held to its share too: any other rule would let it take every slot moments
 * before another team's job arrives, which would then wait for one of those to end. See docs/operations.md.
 */

/** The most of `slots` one team may hold at once: half, and at least one. */
export const fairShare = (slots: number): number => Math.max(1, Math.floor(slots / 2));

/** How many slots each team holds now. */
export type Holdings = ReadonlyMap<string, number>;

/** The teams holding their whole share: their waiting work is not asked for until one of their slots frees. */
export const teamsAtShare = (holdings: Holdings, share: number): string[] =>
  [...holdings].filter(([, held]) => held >= share).map(([team]) => team);

/**
 * The index in `waiting` (oldest first) of the item to start next: the oldest of the team holding fewest slots,
 * among the teams below `share`; -1 when every team waiting is at its share.
 */
export function nextFair<Item>(waiting: readonly Item[], teamOf: (item: Item) => string, holdings: Holdings, share: number): number {
  let chosen = -1;
  let fewest = share;
  waiting.forEach((item, index) => {
    const held = holdings.get(teamOf(item)) ?? 0;
    if (held < fewest) {
      chosen = index;
      fewest = held;
    }
  });
  return chosen;
}

/** Counts slots per team as they are taken and given back. */
export class TeamHoldings {
  private readonly held = new Map<string, number>();

  get view(): Holdings {
    return this.held;
  }

  take(team: string): void {
    this.held.set(team, (this.held.get(team) ?? 0) + 1);
  }

  giveBack(team: string): void {
    const left = (this.held.get(team) ?? 0) - 1;
    if (left > 0) this.held.set(team, left);
    else this.held.delete(team);
  }
}

interface Queued {
  team: string;
  start: () => void;
}

/**
 * Runs tasks at most `slots` at once and at most `fairShare(slots)` of one team's, starting a waiting task as
 * `nextFair` picks it. The queue a pull-based runner has in its read models, for work pushed at it.
 */
export class FairQueue {
  private readonly holdings = new TeamHoldings();
  private readonly queued: Queued[] = [];
  private running = 0;
  private readonly share: number;

  constructor(private readonly slots: number) {
    this.share = fairShare(slots);
  }

  run<T>(team: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        this.holdings.take(team);
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.holdings.giveBack(team);
            this.startWaiting();
          });
      };
      this.queued.push({ team, start });
      this.startWaiting();
    });
  }

  private startWaiting(): void {
    while (this.running < this.slots) {
      const index = nextFair(this.queued, ({ team }) => team, this.holdings.view, this.share);
      if (index < 0) return;
      this.queued.splice(index, 1)[0]?.start();
    }
  }
}
