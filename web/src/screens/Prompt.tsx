import type { AiResponsePage, BrandReport, PromptDetail } from '../api/types.js';
import { Chart } from '../components/Chart.js';
import { Metric } from '../components/Metric.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { filtersToSearch } from '../lib/filters.js';
import { formatNumber, formatRate, formatScore } from '../lib/format.js';
import { highlight, type TrackedBrand } from '../lib/highlight.js';
import { chartData } from '../lib/series.js';
import { reportApi, type ScreenProps } from './shared.js';
import { DownloadButton } from '../components/DownloadButton.js';
import { TableDownload } from '../components/TableDownload.js';

function RankTable({ detail }: { detail: PromptDetail }) {
  return (
    <table>
      <caption>
        Rank, coverage and sentiment by brand <TableDownload name="prompt-brands" label="the rank, coverage and sentiment by brand" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Brand</th>
          <th scope="col">Mentions</th>
          <th scope="col">Coverage</th>
          <th scope="col">NSS</th>
        </tr>
      </thead>
      <tbody>
        {detail.brandRank.map((brand, index) => {
          const path = `brandRank.${index}`;
          return (
            <tr key={brand.brand} data-id={brand.brand}>
              <td>
                <Metric path={`${path}.rank`} value={brand.rank} text={formatNumber(brand.rank)} />
              </td>
              <th scope="row">{brand.brand}</th>
              <td>
                <Metric path={`${path}.mentions`} value={brand.mentions} text={formatNumber(brand.mentions)} />
              </td>
              <td>
                <Metric path={`${path}.brandCoverage`} value={brand.brandCoverage} text={formatRate(brand.brandCoverage, 'fraction')} />
              </td>
              <td>
                <Metric path={`${path}.sentiment.nss`} value={brand.sentiment.nss} text={formatScore(brand.sentiment.nss)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function CategoriesTable({ detail }: { detail: PromptDetail }) {
  return (
    <table>
      <caption>
        Cited domains by category <TableDownload name="prompt-categories" label="the cited domains by category" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Citations</th>
        </tr>
      </thead>
      <tbody>
        {detail.domainCategories.map((category, index) => (
          <tr key={category.category} data-id={category.category}>
            <th scope="row">{category.category}</th>
            <td>
              <Metric path={`domainCategories.${index}.value`} value={category.value} text={formatNumber(category.value)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function trackedBrands(report: BrandReport): TrackedBrand[] {
  return [report, ...report.competitors].map(({ brand, brandVariations, brandRegex }) => ({ brand, brandVariations, brandRegex }));
}

function Answers({ page, report }: { page: AiResponsePage; report: BrandReport }) {
  const tracked = trackedBrands(report);
  if (page.items.length === 0) return <p>No answers in this window.</p>;
  return (
    <ol class="answers">
      {page.items.map((answer, index) => (
        <li key={answer.runId} data-id={answer.runId}>
          <details open={index === 0}>
            <summary>
              {answer.engine} · {answer.runDate.slice(0, 10)} · {answer.brandMentions.map((brand) => `${brand.brand} ${brand.mentions}`).join(', ') || 'no tracked brand'}
            </summary>
            <p class="answer">
              {highlight(answer.content, tracked).map((segment, position) =>
                segment.brand === null ? segment.text : <mark key={position} title={segment.brand}>{segment.text}</mark>,
              )}
            </p>
            {answer.citations.length > 0 && (
              <ol class="citations" aria-label="Citations">
                {answer.citations.map((citation) => (
                  <li key={citation.link}>
                    <a href={citation.link} rel="noreferrer noopener" target="_blank">
                      {citation.title || citation.link}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </details>
        </li>
      ))}
    </ol>
  );
}

/** One prompt: its coverage history, rank, sentiment, cited categories, and the answers of the window. */
export function PromptScreen({ report, filters, promptId }: ScreenProps & { promptId: string }) {
  const promptPath = reportApi(report.id, `/prompts/${encodeURIComponent(promptId)}`);
  const source = `${promptPath}?${filtersToSearch(filters)}`;
  const detail = useApi<PromptDetail>(source);
  const answersSource = `${promptPath}/ai-responses?${filtersToSearch(filters)}`;
  const answers = useApi<AiResponsePage>(answersSource);
  return (
    <WhenLoaded loaded={detail} label="the prompt">
      {(prompt) => (
        <section aria-label="Prompt detail" data-source={source}>
          <h2>{prompt.prompt}</h2>
          <Chart
            title="Coverage of this prompt per day"
            data={chartData(prompt.brandCoverageHistory.map((point) => ({ date: point.date, brand: point.brand, value: point.coverage * 100 })))}
            unit="%"
          />
          <div class="columns">
            <RankTable detail={prompt} />
            <CategoriesTable detail={prompt} />
          </div>
          <h2>Answers</h2>
          <DownloadButton source={answersSource} label="the answers" />
          <WhenLoaded loaded={answers} label="the answers">
            {(page) => <Answers page={page} report={report} />}
          </WhenLoaded>
        </section>
      )}
    </WhenLoaded>
  );
}
