import { FetchFailedError } from '../../ports/web.js';

/** A render that ran out of time: the page (its scripts, or its loading) kept the browser busy past the deadline. */
export class RenderDeadlineError extends FetchFailedError {
  constructor(url: string, deadlineMs: number, step: string) {
    super('timeout', `rendering ${url} took longer than ${deadlineMs / 1000} s (${step}): the page kept the browser busy`);
  }
}

/**
 * One deadline over every step of a render. A page stuck in a script answers no command (reading its DOM, printing
 * it), so each step races the time left instead of trusting the browser to answer; the step that loses is
 * abandoned, and its page is closed (or its browser killed) by the caller.
 */
export class RenderDeadline {
  private readonly endsAt: number;

  constructor(
    private readonly url: string,
    private readonly deadlineMs: number,
  ) {
    this.endsAt = Date.now() + deadlineMs;
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** Resolves as `work` does, or rejects with a RenderDeadlineError naming `step` once the time is up. */
  async step<T>(step: string, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new RenderDeadlineError(this.url, this.deadlineMs, step)), this.remainingMs());
    });
    // The abandoned step may still fail later, once its page is closed under it.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
