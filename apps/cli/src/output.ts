import Table from 'cli-table3';

/** Writes results: tables for people, the API's data as JSON with `--json`. */
export class Output {
  constructor(readonly json: boolean) {}

  /** `data` as JSON with --json, else whatever `human` prints. */
  result(data: unknown, human: () => void): void {
    if (this.json) this.line(JSON.stringify(data, null, 2));
    else human();
  }

  /** Rows under a header (objects as JSON, nothing as `-`); the last column takes the width the terminal has left, wrapping. */
  table(head: readonly string[], rows: readonly (readonly unknown[])[]): void {
    if (rows.length === 0) return this.note('(none)');
    const cells = rows.map((row) => row.map(text));
    const widths = head.map((title, column) => Math.max(title.length, ...cells.map((row) => longestLine(row[column]))) + 2);
    const last = widths.length - 1;
    const available = terminalWidth() - (widths.length + 1) - widths.slice(0, last).reduce((sum, width) => sum + width, 0);
    widths[last] = Math.max(20, Math.min(widths[last], available));
    // Rows of one line each read best packed; wrapped rows need the lines between them.
    const compact = cells.every((row) => !row.some((cell) => cell.includes('\n')) && row[last].length <= widths[last] - 2);
    const table = new Table({ head: [...head], colWidths: widths, wordWrap: true, wrapOnWordBoundary: false, style: { head: [], border: [], compact } });
    table.push(...cells);
    this.line(table.toString());
  }

  /** A list: the items as JSON with --json, else a row of the table each. */
  rows<T>(items: readonly T[], head: readonly string[], row: (item: T) => readonly unknown[]): void {
    this.result(items, () => this.table(head, items.map(row)));
  }

  /** One record, a field per line. */
  record(fields: readonly (readonly [string, unknown])[]): void {
    this.table(['field', 'value'], fields);
  }

  line(text: string): void {
    process.stdout.write(`${text}\n`);
  }

  /** For people, never part of the result: stderr. */
  note(text: string): void {
    process.stderr.write(`${text}\n`);
  }
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function longestLine(value: string): number {
  return Math.max(...value.split('\n').map((line) => line.length));
}

function terminalWidth(): number {
  return process.stdout.columns || 160;
}
