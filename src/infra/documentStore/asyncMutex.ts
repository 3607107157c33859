/**
 * A FIFO lock for async callers. The SQLite connection is shared by every caller in the process, so a
 * transaction that awaits between its statements must keep other callers' statements out until it ends.
 */
export class AsyncMutex {
  private locked = false;
  private readonly waiters: Array<() => void> = [];

  get isLocked(): boolean {
    return this.locked;
  }

  async acquire(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Hands the lock straight to the next waiter, so a newcomer cannot overtake the queue. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.locked = false;
  }
}
