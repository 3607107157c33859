import type { AgentList, AgentPages, AgentStats } from '../../api/types.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { PagedList, type PagedListProps } from '../../components/PagedList.js';
import { formatNumber } from '../../lib/format.js';

/** Every agent that visited, busiest first, with how many of its visits came from its operator's ranges or not. */
export function AgentsTable({ agents, source }: { agents: AgentList; source: string }) {
  return (
    <section aria-label="Agents" data-source={source}>
      <table>
        <caption>Agents</caption>
        <thead>
          <tr>
            <th scope="col">Agent</th>
            <th scope="col">Engine</th>
            <th scope="col">Category</th>
            <th scope="col">Visits</th>
            <th scope="col">Verified</th>
            <th scope="col">Spoofed</th>
          </tr>
        </thead>
        <tbody>
          {agents.items.map((item, index) => (
            <tr key={item.agent} data-id={item.agent}>
              <th scope="row">{item.agent}</th>
              <td>{item.engine}</td>
              <td>{item.category}</td>
              {(['visits', 'verifiedVisits', 'spoofedVisits'] as const).map((field) => (
                <td key={field}>
                  <Metric path={`items.${index}.${field}`} value={item[field]} text={formatNumber(item[field])} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <DownloadButton source={source} label="the agents" />
    </section>
  );
}

/** The visits of each category of agent (training, search index, user fetch…), from the stats read. */
export function CategoryList({ stats }: { stats: AgentStats }) {
  const total = stats.totalAgentVisits ?? 0;
  return (
    <ul class="shares" aria-label="Visits by category">
      {(stats.categories ?? []).map((category, index) => (
        <li key={category.category}>
          <span class="bar" style={{ width: `${total === 0 ? 0 : (category.visits / total) * 100}%` }} aria-hidden="true" />
          {category.category}: <Metric path={`categories.${index}.visits`} value={category.visits} text={formatNumber(category.visits)} /> visits
        </li>
      ))}
    </ul>
  );
}

/** The report's pages by AI-agent visits, busiest first, a page of them at a time. */
export function PagesTable({ pages, source, offset, go }: PagedListProps<AgentPages>) {
  return (
    <PagedList label="Pages" download="the pages" source={source} offset={offset} shown={pages.items.length} total={pages.paging.totalCount} go={go}>
      <table>
        <caption>Pages visited by AI agents</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Visits</th>
            <th scope="col">Distinct agents</th>
          </tr>
        </thead>
        <tbody>
          {pages.items.map((page, index) => (
            <tr key={page.path} data-id={page.path}>
              <th scope="row" class="url">
                {page.path}
              </th>
              <td>
                <Metric path={`items.${index}.visits`} value={page.visits} text={formatNumber(page.visits)} />
              </td>
              <td>
                <Metric path={`items.${index}.agents`} value={page.agents} text={formatNumber(page.agents)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </PagedList>
  );
}
