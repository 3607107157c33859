import { Fragment } from 'preact';
import type { Alert } from '../../api/types.js';
import { Metric } from '../../components/Metric.js';
import { hrefOf, Link } from '../../components/router.js';
import {
  coverageStatisticsOf,
  leafLabel,
  leavesOf,
  WATCH_KINDS,
  formatPValue,
  type CoverageEvidence,
  type CrawlerEvidence,
  type NamesEvidence,
  type SentimentEvidence,
  type VisitsEvidence,
} from '../../lib/alerts.js';
import { formatNumber, formatSigned, formatTimestamp } from '../../lib/format.js';
import type { CoverageStatistics, WindowCounts } from '../../../../src/domain/alerts/statistics.js';

interface Figures {
  /** `items.{index}` of the alerts page: every figure's path starts with it. */
  at: string;
}

const promptHref = (reportId: string, promptId: string) => hrefOf(`/reports/${encodeURIComponent(reportId)}/prompts/${encodeURIComponent(promptId)}`);

/** A window's `n / N`: the runs naming the brand over the runs counted, each figure with its path. */
function RunRatio({ path, counts }: { path: string; counts: WindowCounts }) {
  return (
    <>
      <Metric path={`${path}.mentionedRuns`} value={counts.mentionedRuns} text={formatNumber(counts.mentionedRuns)} /> /{' '}
      <Metric path={`${path}.runs`} value={counts.runs} text={formatNumber(counts.runs)} />
    </>
  );
}

/** The z-test of a coverage kind: both windows' `n / N` and coverage, then z, p, the change and the threshold. */
function CoverageTest({ statistics, at }: Figures & { statistics: CoverageStatistics }) {
  const path = `${at}.statistics`;
  const windowRow = (name: 'current' | 'baseline', label: string) => {
    const window = statistics[name];
    return (
      <tr>
        <th scope="row">{label}</th>
        <td>
          <Metric path={`${path}.${name}.from`} value={window.from} text={window.from} /> to <Metric path={`${path}.${name}.to`} value={window.to} text={window.to} />
        </td>
        <td>
          <RunRatio path={`${path}.${name}`} counts={window} />
        </td>
        <td>
          <Metric path={`${path}.${name}.coverage`} value={window.coverage} text={`${formatNumber(window.coverage, 1)} %`} />
        </td>
      </tr>
    );
  };
  return (
    <>
      <table class="alert-windows">
        <caption>{statistics.test} test of coverage</caption>
        <thead>
          <tr>
            <th scope="col">Window</th>
            <th scope="col">Days</th>
            <th scope="col">Runs naming the brand (n / N)</th>
            <th scope="col">Coverage</th>
          </tr>
        </thead>
        <tbody>
          {windowRow('current', 'Current (7 days)')}
          {windowRow('baseline', 'Baseline (28 days before)')}
        </tbody>
      </table>
      <dl class="facts">
        <dt>Change</dt>
        <dd>
          <Metric path={`${path}.change`} value={statistics.change} text={`${formatSigned(statistics.change, 1)} pts`} />
        </dd>
        <dt>z</dt>
        <dd>
          <Metric path={`${path}.z`} value={statistics.z} text={formatSigned(statistics.z, 2)} />
        </dd>
        <dt>p-value</dt>
        <dd>
          <Metric path={`${path}.pValue`} value={statistics.pValue} text={formatPValue(statistics.pValue)} /> (raised below 0.05)
        </dd>
        <dt>Threshold</dt>
        <dd>
          <Metric path={`${path}.threshold`} value={statistics.threshold} text={`${formatNumber(statistics.threshold, 1)} pts`} />
        </dd>
      </dl>
    </>
  );
}

/** The statistics of the other kinds: each figure the API gives, under its own name. */
function OtherStatistics({ statistics, at }: Figures & { statistics: Record<string, unknown> }) {
  return (
    <dl class="facts">
      {leavesOf(statistics).map(({ path, value }) => (
        <Fragment key={path}>
          <dt>{leafLabel(path)}</dt>
          <dd>
            <Metric path={`${at}.statistics.${path}`} value={value} text={typeof value === 'number' ? formatNumber(value, Number.isInteger(value) ? 0 : 2) : String(value ?? '—')} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

const engineText = (engines: string[] | null) => (engines === null ? 'every engine' : engines.join(', '));

/** What the alert rests on, by kind: the prompts that moved, the quoted sentences, the robots rules, the names, the days. */
function Evidence({ alert, at }: Figures & { alert: Alert }) {
  const path = `${at}.evidence`;
  switch (alert.kind) {
    case 'coverage_drop':
    case 'coverage_rise':
    case 'competitor_surge': {
      const evidence = alert.evidence as unknown as CoverageEvidence;
      return (
        <>
          <p>
            Brand <Metric path={`${path}.brand`} value={evidence.brand} text={evidence.brand} />, runs of {engineText(evidence.engines)}. The prompts that moved most:
          </p>
          <ul>
            {evidence.prompts.map((prompt, index) => (
              <li key={prompt.promptId}>
                <Link href={promptHref(alert.reportId, prompt.promptId)}>
                  <Metric path={`${path}.prompts.${index}.promptId`} value={prompt.promptId} text={`prompt ${prompt.promptId}`} />
                </Link>
                : <RunRatio path={`${path}.prompts.${index}.current`} counts={prompt.current} /> runs now against <RunRatio path={`${path}.prompts.${index}.baseline`} counts={prompt.baseline} /> before (
                <Metric path={`${path}.prompts.${index}.change`} value={prompt.change} text={`${formatSigned(prompt.change, 1)} pts`} />)
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'negative_sentiment': {
      const evidence = alert.evidence as unknown as SentimentEvidence;
      return (
        <ul class="quotes">
          {evidence.sentences.map((sentence, index) => (
            <li key={`${sentence.runId}:${index}`}>
              <blockquote>
                <Metric path={`${path}.sentences.${index}.text`} value={sentence.text} text={sentence.text} />
              </blockquote>
              run <Metric path={`${path}.sentences.${index}.runId`} value={sentence.runId} text={sentence.runId} />, <Link href={promptHref(alert.reportId, sentence.promptId)}>its prompt</Link>
            </li>
          ))}
        </ul>
      );
    }
    case 'crawler_blocked': {
      const evidence = alert.evidence as unknown as CrawlerEvidence;
      return (
        <>
          <p>
            <Link href={hrefOf(`/audits/crawlability/${encodeURIComponent(evidence.checkId)}`)}>
              The check of <Metric path={`${path}.url`} value={evidence.url} text={evidence.url} />
            </Link>{' '}
            against <Link href={hrefOf(`/audits/crawlability/${encodeURIComponent(evidence.previousCheckId)}`)}>the previous one</Link>:
          </p>
          <ul>
            {evidence.crawlers.map((verdict, index) => (
              <li key={verdict.crawler}>
                <Metric path={`${path}.crawlers.${index}.crawler`} value={verdict.crawler} text={verdict.crawler} /> is now blocked by the rule{' '}
                <code>
                  <Metric path={`${path}.crawlers.${index}.rule`} value={verdict.rule} text={verdict.rule ?? '(none named)'} />
                </code>
              </li>
            ))}
          </ul>
        </>
      );
    }
    case 'new_untracked_brand': {
      const evidence = alert.evidence as unknown as NamesEvidence;
      return (
        <p>
          Names entering the top 10 (runs of {engineText(evidence.engines)}): <Metric path={`${path}.names`} value={String(evidence.names)} text={evidence.names.join(', ')} />
        </p>
      );
    }
    case 'agent_visits_drop': {
      const evidence = alert.evidence as unknown as VisitsEvidence;
      return (
        <ul>
          {evidence.days.map((day, index) => (
            <li key={day.day}>
              <Metric path={`${path}.days.${index}.day`} value={day.day} text={day.day} />: <Metric path={`${path}.days.${index}.visits`} value={day.visits} text={formatNumber(day.visits)} /> visits
            </li>
          ))}
        </ul>
      );
    }
  }
}

/** One alert: its kind, day and title, the statistics that raised it, and its evidence. */
export function AlertItem({ alert, index }: { alert: Alert; index: number }) {
  const at = `items.${index}`;
  const coverage = coverageStatisticsOf(alert.statistics);
  return (
    <li data-id={alert.id} class="alert">
      <h3>
        <Metric path={`${at}.title`} value={alert.title} text={alert.title} />
      </h3>
      <p class="detail">
        <Metric path={`${at}.kind`} value={alert.kind} text={WATCH_KINDS[alert.kind].label} /> · window ending <Metric path={`${at}.date`} value={alert.date} text={alert.date} /> · raised{' '}
        <Metric path={`${at}.createdDate`} value={alert.createdDate} text={formatTimestamp(alert.createdDate)} />
      </p>
      {coverage ? <CoverageTest statistics={coverage} at={at} /> : <OtherStatistics statistics={alert.statistics} at={at} />}
      <h4>Evidence</h4>
      <Evidence alert={alert} at={at} />
    </li>
  );
}
