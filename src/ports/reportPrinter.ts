/** Prints a page the server wrote itself (a report's print layout) to an A4 PDF. */
export interface ReportPrinter {
  /** `html` is the whole page, with no outside resources; `team` shares the browser fairly between teams. */
  print(html: string, team: string): Promise<Uint8Array>;
  close(): Promise<void>;
}
