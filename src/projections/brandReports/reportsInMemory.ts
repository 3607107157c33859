import type { Logger } from 'pino';
import { evolve, initialState, reportPromptIds, type BrandReportEvent, type BrandReportState } from '../../domain/brandReport/events.js';
import type { PromptEvent } from '../../domain/prompt/events.js';
import type { TagEvent } from '../../domain/tag/events.js';
import { byTagName } from '../../domain/tag/names.js';
import type { TagColor } from '../../domain/tag/schema.js';
import type { EventStore, RecordedEvent } from '../../ports/eventStore.js';
import { KeptInMemory, type KeptInMemoryOptions } from '../runner/keptInMemory.js';
import type { ProjectedEvent } from '../runner/projection.js';
import { reportDocument, type BrandReportDoc } from './documents.js';
import { BRAND_REPORT_EVENT_TYPES } from './projection.js';

type PromptTagEvent = Extract<PromptEvent | TagEvent, { type: 'TagCreated' | 'TagDeleted' | 'PromptCreated' | 'PromptTagsReplaced' | 'PromptDeleted' }>;
type ReportDetailEvent = BrandReportEvent | PromptTagEvent;

const PROMPT_TAG_EVENT_TYPES: readonly PromptTagEvent['type'][] = ['TagCreated', 'TagDeleted', 'PromptCreated', 'PromptTagsReplaced', 'PromptDeleted'];

/** A tag as a report's detail shows it. */
export interface ReportTag {
  id: string;
  name: string;
  color: TagColor;
}

/**
 * One report as `GET /v1/reports/brand/{id}` answers it: the brandReports read model's document and the tags of
 * its prompts, sorted by name, then id (deleted tags and prompts left out), as the directory read model gives
 * them. The same object until an event changes either, so what is derived from it can be kept beside it.
 */
export interface ReportDetail {
  readonly report: BrandReportDoc;
  readonly tags: readonly ReportTag[];
}

export type ReportsInMemoryOptions = KeptInMemoryOptions;

/**
 * Brand reports, and the tags of prompts, held in memory and kept current by the event log (issue 24, as the
 * credentials are): the report detail and the access check of a report read answered without a store read.
 * Folded with the domain's `evolve`, as the brandReports projection folds them, so memory and read model agree
 * on every field; a process sees another's edit once its subscription has applied it (read-your-writes waits
 * for it). Built from the log at start: these events are few (report edits, prompts and tags, never runs).
 */
export class ReportsInMemory extends KeptInMemory {
  private readonly reports = new Map<string, BrandReportState>();
  private readonly promptTagIds = new Map<string, readonly string[]>();
  private readonly tags = new Map<string, ReportTag>();
  /** Details derived since the last change that could alter them. */
  private readonly details = new Map<string, ReportDetail>();

  constructor(eventStore: EventStore, logger: Logger, options: ReportsInMemoryOptions = {}) {
    const spec = {
      subject: 'Brand reports in memory',
      eventTypes: [...BRAND_REPORT_EVENT_TYPES, ...PROMPT_TAG_EVENT_TYPES],
      failureMessage: 'brand reports subscription failed; resubscribing',
    };
    super(eventStore, logger, spec, options);
  }

  /** The report's detail; null for a report that does not exist. */
  detail(reportId: string): ReportDetail | null {
    const known = this.details.get(reportId);
    if (known) return known;
    const state = this.reports.get(reportId);
    if (state?.status !== 'active') return null;
    const detail: ReportDetail = { report: reportDocument(state), tags: this.tagsOf(reportPromptIds(state)) };
    this.details.set(reportId, detail);
    return detail;
  }

  private tagsOf(promptIds: readonly string[]): ReportTag[] {
    const tagIds = new Set(promptIds.flatMap((promptId) => this.promptTagIds.get(promptId) ?? []));
    return [...tagIds]
      .flatMap((tagId) => this.tags.get(tagId) ?? [])
      .sort(byTagName);
  }

  protected override apply(recorded: RecordedEvent): void {
    const event = recorded as ProjectedEvent<ReportDetailEvent>;
    switch (event.type) {
      case 'TagCreated': {
        const { tagId, name, color } = event.data;
        this.tags.set(tagId, { id: tagId, name, color });
        break;
      }
      case 'TagDeleted':
        this.tags.delete(event.data.tagId);
        break;
      case 'PromptCreated':
        this.promptTagIds.set(event.data.promptId, event.data.tagIds);
        break;
      case 'PromptTagsReplaced':
        // As the read model's update of an absent prompt: a deleted prompt stays deleted.
        if (this.promptTagIds.has(event.data.promptId)) this.promptTagIds.set(event.data.promptId, event.data.tagIds);
        break;
      case 'PromptDeleted':
        this.promptTagIds.delete(event.data.promptId);
        break;
      default: {
        const { reportId } = event.data;
        this.reports.set(reportId, evolve(this.reports.get(reportId) ?? initialState(), event));
        this.details.delete(reportId);
        return;
      }
    }
    // A prompt's or tag's change may show in any report's tags; these events are rare beside reads.
    this.details.clear();
  }
}
