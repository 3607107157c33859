import { queryFanOutDecider, type QueryFanOutCommand } from '../../../domain/fanOut/decide.js';
import { queryFanOutStream } from '../../../domain/fanOut/events.js';
import { ConflictError } from '../../../domain/shared/errors.js';
import { fanOut, type FanOutSources } from '../../../engines/fanOut/index.js';
import type { QueryFanOutDoc } from '../../../projections/audits/reader.js';
import { messageOf, waitingAudits, type JobStores } from '../checkJobs.js';
import type { JobKind } from '../../../background/leasedJobRunner.js';
import { loadState } from '../../shared/aggregates.js';
import { handleCommand } from '../../shared/commandHandler.js';
import { nowIso, type AppContext } from '../../shared/context.js';

/** Appends to the run's stream; false when the run finished meanwhile (another worker recorded its outcome). */
async function record(context: AppContext, command: QueryFanOutCommand): Promise<boolean> {
  try {
    await handleCommand(context.eventStore, queryFanOutStream(command.data.fanOutId), queryFanOutDecider, command);
    return true;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}

/**
 * Query fan-outs as worker jobs: a pending or running run (its worker died) is started, as its next attempt,
 * then completed with each engine's searches, or failed with the error of the first engine that failed.
 * Engines with a fan-out source (a configured key) are asked; the others are simulated by the generator.
 */
export function queryFanOutJobs({ context, readModels }: JobStores, sources: FanOutSources): JobKind<QueryFanOutDoc> {
  return {
    name: 'queryFanOut',
    waiting: (query) => waitingAudits<QueryFanOutDoc>(readModels, 'queryFanOuts', ['pending', 'running'], query),
    async run({ _id: fanOutId, query, country, engines }) {
      const state = await loadState(context.eventStore, queryFanOutStream(fanOutId), queryFanOutDecider);
      if (state.status === 'completed' || state.status === 'failed') return;
      if (!(await record(context, { type: 'StartQueryFanOut', data: { fanOutId, now: nowIso(context) } }))) return;
      let outcome: QueryFanOutCommand;
      try {
        const results = await fanOut({ question: query, country, engines, date: nowIso(context) }, sources);
        outcome = { type: 'CompleteQueryFanOut', data: { fanOutId, now: nowIso(context), engines: results } };
      } catch (error) {
        outcome = { type: 'FailQueryFanOut', data: { fanOutId, now: nowIso(context), error: messageOf(error) } };
      }
      await record(context, outcome);
    },
    async abandon({ _id: fanOutId }, reason) {
      await record(context, { type: 'FailQueryFanOut', data: { fanOutId, now: nowIso(context), error: `The fan-out was abandoned: ${reason}` } });
    },
  };
}
