import type { QueryFanOut } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf } from '../components/router.js';
import { RunLayout } from './RunLayout.js';
import { TableDownload } from '../components/TableDownload.js';

type EngineFanOut = QueryFanOut['engines'][number];

/** One engine's searches behind the question, each with its type, the user's intent and why. */
function EngineQueries({ fanOut, engine, index }: { fanOut: QueryFanOut; engine: EngineFanOut; index: number }) {
  const path = `engines.${index}`;
  const result = fanOut.results.findIndex((candidate) => candidate.engine === engine.engine);
  return (
    <section aria-labelledby={`engine-${index}`}>
      <h2 id={`engine-${index}`}>
        <Metric path={`${path}.engine`} value={engine.engine} text={engine.engine} />:{' '}
        <Metric path={`${path}.queries.length`} value={engine.queries.length} text={String(engine.queries.length)} /> searches
        {engine.simulated && ' (simulated)'}
      </h2>
      {result >= 0 && (
        <p class="detail">
          <Metric path={`results.${result}.reasoningForCount`} value={fanOut.results[result]?.reasoningForCount ?? null} text={fanOut.results[result]?.reasoningForCount ?? ''} />
        </p>
      )}
      <table>
        <caption>
          Searches of {engine.engine} <TableDownload name={`searches-${engine.engine}`} label={`the searches of ${engine.engine}`} />
        </caption>
        <thead>
          <tr>
            <th scope="col">Search</th>
            <th scope="col">Type</th>
            <th scope="col">Intent</th>
            <th scope="col">Reasoning</th>
          </tr>
        </thead>
        <tbody>
          {engine.queries.map((query, number) => (
            <tr key={number} data-id={query.query}>
              <th scope="row">
                <Metric path={`${path}.queries.${number}.query`} value={query.query} text={query.query} />
              </th>
              <td>
                <Metric path={`${path}.queries.${number}.type`} value={query.type} text={query.type.replace('_', ' ')} />
              </td>
              <td>
                <Metric path={`${path}.queries.${number}.userIntent`} value={query.userIntent} text={query.userIntent} />
              </td>
              <td>
                <Metric path={`${path}.queries.${number}.reasoning`} value={query.reasoning} text={query.reasoning} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One query fan-out, followed live until the worker has run it: the searches per engine. */
export function FanOutScreen({ fanOutId, workspaceId }: { fanOutId: string; workspaceId: string | null }) {
  const back = hrefOf('/fan-outs', new URLSearchParams(workspaceId === null ? {} : { workspaceId }));
  return (
    <RunLayout<QueryFanOut>
      source={`/v1/audits/query-fan-outs/${encodeURIComponent(fanOutId)}`}
      back={{ href: back, text: 'Query fan-outs' }}
      title={(fanOut) => `Fan-out of “${fanOut.query}”`}
    >
      {(fanOut) => (
        <>
          <p>
            Country <Metric path="country" value={fanOut.country} text={fanOut.country.toUpperCase()} />
          </p>
          {fanOut.engines.map((engine, index) => (
            <EngineQueries key={engine.engine} fanOut={fanOut} engine={engine} index={index} />
          ))}
        </>
      )}
    </RunLayout>
  );
}
