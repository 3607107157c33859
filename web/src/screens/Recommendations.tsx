import type { Recommendation, RecommendationPage } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf, Link } from '../components/router.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { withParameters } from '../lib/filters.js';
import { formatNumber } from '../lib/format.js';
import { reportApi, type ScreenProps } from './shared.js';
import { DownloadButton } from '../components/DownloadButton.js';

function PromptLink({ reportId, promptId, text, search }: { reportId: string; promptId: string; text: string; search: URLSearchParams }) {
  return <Link href={hrefOf(`/reports/${encodeURIComponent(reportId)}/prompts/${encodeURIComponent(promptId)}`, search)}>{text}</Link>;
}

function List({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
        <dt>{label}</dt>
        <dd>
          <ul>
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </dd>
    </>
  );
}

/** The evidence a recommendation names (prompts, runs, URLs, quoted sentences), so a user can check it. */
function Evidence({ item, reportId, search }: { item: Recommendation; reportId: string; search: URLSearchParams }) {
  const link = (promptId: string, text: string) => <PromptLink reportId={reportId} promptId={promptId} text={text} search={search} />;
  switch (item.type) {
    case 'content_partnership_opportunities':
      return (
        <dl>
          <dt>URL</dt>
          <dd>{item.data.url}</dd>
          <dt>Prompts</dt>
          <dd>
            <ul>
              {item.data.prompts.map((prompt) => (
                <li key={prompt.promptId}>{link(prompt.promptId, prompt.prompt)}</li>
              ))}
            </ul>
          </dd>
          <List label="Runs" items={item.data.runIds} />
        </dl>
      );
    case 'content_gap':
    case 'own_site_citations':
      return (
        <dl>
          <dt>Prompt</dt>
          <dd>{link(item.data.promptId, item.data.prompt)}</dd>
          {item.type === 'own_site_citations' && <List label="Competitors' cited URLs" items={item.data.urls} />}
          <List label="Runs" items={item.data.runIds} />
        </dl>
      );
    case 'sentiment_risk':
      return (
        <dl>
          <dt>Prompt</dt>
          <dd>{link(item.data.promptId, item.data.prompt)}</dd>
          <dt>Negative sentences</dt>
          <dd>
            <ul>
              {item.data.negativeSentences.map((quote) => (
                <li key={`${quote.runId}:${quote.sentence}`}>
                  <q>{quote.sentence}</q> ({quote.engine}, {quote.runDate.slice(0, 10)}, run {quote.runId})
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      );
    case 'crawler_access':
      return (
        <dl>
          <dt>Checked URL</dt>
          <dd>{item.data.url}</dd>
          <List label="Blocked crawlers" items={item.data.blockedCrawlers} />
        </dl>
      );
  }
}

/** Recommendations over the last 30 days in the country, most urgent first, each with its evidence one click away. */
export function RecommendationsScreen({ report, filters, search }: ScreenProps) {
  const apiSearch = withParameters(new URLSearchParams({ country: filters.country }), { engines: filters.engines.join(','), tagId: filters.tagId });
  const source = `${reportApi(report.id, '/recommendations')}?${apiSearch}`;
  const loaded = useApi<RecommendationPage>(source);
  return (
    <section aria-label="Recommendations" data-source={source}>
      <p class="note">Recommendations read the last 30 days ending today.</p>
      <WhenLoaded loaded={loaded} label="the recommendations">
        {(page) =>
          page.items.length === 0 ? (
            <p>No recommendation for these filters.</p>
          ) : (
            <>
              <DownloadButton source={source} label="the recommendations" />
              <ol class="recommendations">
                {page.items.map((item, index) => (
                  <li key={item.id} data-id={item.id}>
                    <h2>{item.copy.title}</h2>
                    <p>
                      {item.copy.headline} · priority <Metric path={`items.${index}.priority`} value={item.priority} text={formatNumber(item.priority)} />
                      {item.engine ? ` · ${item.engine}` : ''}
                    </p>
                    <details>
                      <summary>Evidence and suggestions</summary>
                      <p>{item.copy.reasoning}</p>
                      <ul>
                        {item.copy.suggestions.map((suggestion) => (
                          <li key={suggestion}>{suggestion}</li>
                        ))}
                      </ul>
                      <Evidence item={item} reportId={report.id} search={search} />
                    </details>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </WhenLoaded>
    </section>
  );
}
