import { Fragment } from 'preact';
import type { CrawlabilityCheck } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf } from '../components/router.js';
import { RunLayout } from './RunLayout.js';
import { TableDownload } from '../components/TableDownload.js';

const PURPOSES = [
  { purpose: 'training', label: 'Training: collecting pages for AI models' },
  { purpose: 'search', label: 'Search: the index AI answers draw their sources from' },
  { purpose: 'user', label: 'User fetch: opening a page a user asked for' },
] as const;

const SIGNALS = ['search', 'ai-input', 'ai-train'] as const;

const yesNo = (value: boolean | null) => (value === null ? 'absent' : value ? 'yes' : 'no');

/** The probe of a crawler, whose name robots.txt tokens may spell in another case. */
const probeName = (check: CrawlabilityCheck, token: string) => Object.keys(check.serverBotAccess ?? {}).find((name) => name.toLowerCase() === token.toLowerCase());

function ProbeCell({ check, token }: { check: CrawlabilityCheck; token: string }) {
  const name = probeName(check, token);
  const probe = name === undefined ? undefined : check.serverBotAccess?.[name];
  if (name === undefined || !probe) return <td>not probed</td>;
  return (
    <td>
      <Metric path={`serverBotAccess.${name}.status`} value={probe.status} text={probe.status === 0 ? 'no answer' : String(probe.status)} />{' '}
      <Metric path={`serverBotAccess.${name}.ok`} value={String(probe.ok)} text={probe.ok ? '(ok)' : '(refused)'} />
    </td>
  );
}

/** The crawlers of one purpose: what robots.txt lets each do, how the server answered it, and what that means. */
function PurposeTable({ check, purpose, label }: { check: CrawlabilityCheck; purpose: string; label: string }) {
  const tokens = Object.entries(check.consequences ?? {}).filter(([, consequence]) => consequence.purpose === purpose);
  if (tokens.length === 0) return null;
  return (
    <table>
      <caption>
        {label} <TableDownload name={`crawlers-${purpose}`} label={`the ${purpose} crawlers`} />
      </caption>
      <thead>
        <tr>
          <th scope="col">Crawler</th>
          <th scope="col">robots.txt</th>
          <th scope="col">Live probe</th>
          <th scope="col">Consequence</th>
        </tr>
      </thead>
      <tbody>
        {tokens.map(([token, consequence]) => (
          <tr key={token} data-id={token}>
            <th scope="row">{token}</th>
            <td>
              <Metric path={`robotsTxtAnalysis.${token}`} value={String(check.robotsTxtAnalysis?.[token])} text={check.robotsTxtAnalysis?.[token] ? 'allowed' : 'disallowed'} />
            </td>
            <ProbeCell check={check} token={token} />
            <td>
              <Metric path={`consequences.${token}.meaning`} value={consequence.meaning} text={consequence.meaning} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Probed crawlers that robots.txt knows under no token of their own. */
function OtherProbes({ check }: { check: CrawlabilityCheck }) {
  const tokens = new Set(Object.keys(check.consequences ?? {}).map((token) => token.toLowerCase()));
  const others = Object.keys(check.serverBotAccess ?? {}).filter((name) => !tokens.has(name.toLowerCase()));
  if (others.length === 0) return null;
  return (
    <table>
      <caption>
        Other live probes <TableDownload name="other-live-probes" label="the other live probes" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Crawler</th>
          <th scope="col">Live probe</th>
        </tr>
      </thead>
      <tbody>
        {others.map((name) => (
          <tr key={name} data-id={name}>
            <th scope="row">{name}</th>
            <ProbeCell check={check} token={name} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Findings({ check }: { check: CrawlabilityCheck }) {
  return (
    <>
      <dl class="facts">
        <dt>Every AI crawler allowed by robots.txt</dt>
        <dd>
          <Metric path="robotsTxtAnalysisResult" value={String(check.robotsTxtAnalysisResult)} text={check.robotsTxtAnalysisResult ? 'yes' : 'no'} />
        </dd>
        {SIGNALS.map((signal) => {
          const value = check.contentSignals?.[signal] ?? null;
          return (
            <Fragment key={signal}>
              <dt>Content-Signal {signal}</dt>
              <dd>
                <Metric path={`contentSignals.${signal}`} value={value === null ? null : String(value)} text={yesNo(value)} />
              </dd>
            </Fragment>
          );
        })}
      </dl>
      {PURPOSES.map(({ purpose, label }) => (
        <PurposeTable key={purpose} check={check} purpose={purpose} label={label} />
      ))}
      <OtherProbes check={check} />
    </>
  );
}

/** One crawlability check, followed live until the worker has run it. */
export function CrawlabilityCheckScreen({ checkId, workspaceId }: { checkId: string; workspaceId: string | null }) {
  const back = hrefOf('/audits', new URLSearchParams(workspaceId === null ? {} : { workspaceId }));
  return (
    <RunLayout<CrawlabilityCheck>
      source={`/v1/audits/geo/crawlability-checks/${encodeURIComponent(checkId)}`}
      back={{ href: back, text: 'GEO audits' }}
      title={(check) => `Crawlability of ${check.url}`}
    >
      {(check) => <Findings check={check} />}
    </RunLayout>
  );
}
