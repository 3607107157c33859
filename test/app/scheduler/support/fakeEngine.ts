import type { EngineId } from '../../../../src/domain/shared/engines.js';
import type { Engine, EngineAnswer, EngineRequest, RunOptions } from '../../../../src/engines/index.js';

export type Behaviour = (request: EngineRequest, signal: AbortSignal, attempt: number) => Promise<EngineAnswer>;

export const answerFor = (request: EngineRequest): EngineAnswer => ({
  content: `${request.engine} on ${request.prompt} (${request.country}, ${request.date}): Acme is a good choice.`,
  citations: [{ link: 'https://example.com/crm', rank: 1 }],
  webSearchQuery: [request.prompt],
  ads: [],
  shopping: [],
  overviewAvailable: true,
  producedBy: 'api',
  model: 'fake-model-1',
});

/** Lets other workers run in between, as a network call would. */
export const aFewTurns = async (turns = 3): Promise<void> => {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * Turns the event loop until `condition` holds; fails with `what` after `maxTurns`, so a test waiting for
 * something that never happens fails with a message instead of a timeout.
 */
export async function turnsUntil(condition: () => boolean | Promise<boolean>, what: string, maxTurns = 2_000): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn++) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

/** Settles only when its signal aborts, with the signal's reason, as adapters do. */
export const never = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }));

/** An in-process engine for the scheduler's port: counts calls per run and in flight, behaves as told. */
export class FakeEngine implements Engine {
  readonly kind = 'api' as const;
  readonly calls: EngineRequest[] = [];
  readonly signals: AbortSignal[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(
    readonly id: EngineId,
    private readonly behaviour: Behaviour = async (request) => {
      await aFewTurns();
      return answerFor(request);
    },
  ) {}

  async run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    const signal = options.signal ?? new AbortController().signal;
    this.calls.push(request);
    this.signals.push(signal);
    const attempt = this.calls.filter((call) => call.promptId === request.promptId && call.date === request.date).length;
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      return await this.behaviour(request, signal, attempt);
    } finally {
      this.inFlight -= 1;
    }
  }

  callsFor(promptId: string): number {
    return this.calls.filter((call) => call.promptId === promptId).length;
  }
}
