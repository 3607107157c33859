import type { ContentCheck } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf } from '../components/router.js';
import { formatNumber } from '../lib/format.js';
import { RunLayout } from './RunLayout.js';
import { TableDownload } from '../components/TableDownload.js';

interface Category {
  score: number;
  breakdown: Record<string, { score: number; maxScore: number }>;
}

const CATEGORY_LABELS: Record<string, string> = { metadata: 'Metadata', technical: 'Technical', structure: 'Structure', content: 'Content' };

const words = (name: string) => name.replace(/([A-Z])/g, ' $1').toLowerCase();

function CategoryTable({ name, category }: { name: string; category: Category }) {
  const path = `structuralAnalysis.${name}`;
  return (
    <table>
      <caption>
        {CATEGORY_LABELS[name] ?? name}: <Metric path={`${path}.score`} value={category.score} text={formatNumber(category.score)} /> / 100{' '}
        <TableDownload name={`content-${name}`} label={`the ${CATEGORY_LABELS[name] ?? name} items`} />
      </caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(category.breakdown).map(([item, scored]) => (
          <tr key={item} data-id={item}>
            <th scope="row">{words(item)}</th>
            <td>
              <Metric path={`${path}.breakdown.${item}.score`} value={scored.score} text={formatNumber(scored.score)} /> /{' '}
              <Metric path={`${path}.breakdown.${item}.maxScore`} value={scored.maxScore} text={formatNumber(scored.maxScore)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Structure({ analysis }: { analysis: NonNullable<ContentCheck['structuralAnalysis']> }) {
  const categories = analysis as unknown as Record<string, Category>;
  return (
    <section aria-labelledby="structure">
      <h2 id="structure">
        Structure: <Metric path="structuralAnalysis.overallScore" value={analysis.overallScore} text={formatNumber(analysis.overallScore)} /> / 100
      </h2>
      <div class="columns">
        {Object.keys(analysis.categoryScores).map((name) => {
          const category = categories[name];
          return category ? <CategoryTable key={name} name={name} category={category} /> : null;
        })}
      </div>
    </section>
  );
}

function Rendering({ dynamic }: { dynamic: NonNullable<ContentCheck['dynamicContent']> }) {
  return (
    <section aria-labelledby="rendering">
      <h2 id="rendering">
        Without against with JavaScript: <Metric path="dynamicContent.score" value={dynamic.score} text={formatNumber(dynamic.score)} /> / 100
      </h2>
      <dl class="facts">
        <dt>Visible text without JavaScript</dt>
        <dd>
          <Metric path="dynamicContent.staticLength" value={dynamic.staticLength} text={`${formatNumber(dynamic.staticLength)} characters`} />
        </dd>
        <dt>Visible text rendered</dt>
        <dd>
          <Metric path="dynamicContent.dynamicLength" value={dynamic.dynamicLength} text={`${formatNumber(dynamic.dynamicLength)} characters`} />
        </dd>
        <dt>Potentially blocked</dt>
        <dd>
          <Metric path="dynamicContent.isPotentiallyBlocked" value={String(dynamic.isPotentiallyBlocked)} text={dynamic.isPotentiallyBlocked ? 'yes' : 'no'} />
        </dd>
      </dl>
      <p>
        <Metric path="dynamicContent.differenceDescription" value={dynamic.differenceDescription} text={dynamic.differenceDescription} />
      </p>
    </section>
  );
}

function Analyses({ content }: { content: NonNullable<ContentCheck['contentAnalysis']> }) {
  return (
    <section aria-labelledby="analyses">
      <h2 id="analyses">
        Content analyses: <Metric path="contentAnalysis.overallScore" value={content.overallScore} text={formatNumber(content.overallScore)} /> / 100
      </h2>
      <ul class="analyses">
        {Object.entries(content.analysis).map(([name, item]) => (
          <li key={name} data-id={name}>
            <strong>{words(name)}</strong>: <Metric path={`contentAnalysis.analysis.${name}.score`} value={item.score} text={formatNumber(item.score)} /> / 100
            <blockquote>
              <Metric path={`contentAnalysis.analysis.${name}.description`} value={item.description} text={item.description} />
            </blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One content check, followed live: the four category scores with their items, static against rendered, and the analyses. */
export function ContentCheckScreen({ checkId, workspaceId }: { checkId: string; workspaceId: string | null }) {
  const back = hrefOf('/audits', new URLSearchParams({ ...(workspaceId === null ? {} : { workspaceId }), kind: 'content' }));
  return (
    <RunLayout<ContentCheck>
      source={`/v1/audits/geo/content-checks/${encodeURIComponent(checkId)}`}
      back={{ href: back, text: 'GEO audits' }}
      title={(check) => `Content of ${check.url}`}
    >
      {(check) => (
        <>
          <p>
            Fetched as <Metric path="crawlerIdentity" value={check.crawlerIdentity} text={check.crawlerIdentity} />
          </p>
          {check.structuralAnalysis && <Structure analysis={check.structuralAnalysis} />}
          {check.dynamicContent && <Rendering dynamic={check.dynamicContent} />}
          {check.contentAnalysis && <Analyses content={check.contentAnalysis} />}
        </>
      )}
    </RunLayout>
  );
}
