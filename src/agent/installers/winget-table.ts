import { cleanLines } from './output';

/**
 * winget's fixed-width tables (`winget list`, `winget upgrade`). Headers are localised
 * ("이름 장치 ID 버전 원본") and may hold spaces, cells are cut with '…', and East Asian
 * characters take two columns on the console, so columns are found by display position: a
 * column starts where the header has a word after a space and no data row runs across it.
 */
export interface WingetRow {
  name: string;
  id: string;
  /** The id was cut to fit: only its start is known. */
  idTruncated: boolean;
  version: string;
  available: string | null;
  source: string | null;
}

const ELLIPSIS = '…';

function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0x303e) ||
    (codePoint >= 0x3041 && codePoint <= 0x33ff) ||
    (codePoint >= 0x3400 && codePoint <= 0x4dbf) ||
    (codePoint >= 0x4e00 && codePoint <= 0x9fff) ||
    (codePoint >= 0xa000 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1f64f) ||
    (codePoint >= 0x1f900 && codePoint <= 0x1f9ff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  );
}

/** One entry per console column; a wide character is followed by '' for its second column. */
export function toCells(line: string): string[] {
  const cells: string[] = [];
  for (const char of line) {
    cells.push(char);
    if (isWide(char.codePointAt(0)!)) cells.push('');
  }
  return cells;
}

const isDashLine = (line: string) => {
  const trimmed = line.trim();
  return trimmed.length >= 10 && [...trimmed].every((char) => char === '-');
};

/** Header positions where a word follows a space: column starts, and the inner spaces of localised headers. */
function candidateStarts(header: string[]): number[] {
  const starts: number[] = [];
  for (let p = 1; p < header.length; p++) {
    if (header[p - 1] === ' ' && header[p] !== ' ' && header[p] !== '') starts.push(p);
  }
  return starts;
}

const crosses = (row: string[], p: number) => p - 1 < row.length && row[p - 1] !== ' ';

/**
 * Column starts: the candidates no row runs across. A line that runs across most of them is
 * not a row (a prompt or message printed after the table) and has no say.
 */
function columnStarts(header: string[], rows: string[][]): { starts: number[]; rows: string[][] } {
  const candidates = candidateStarts(header);
  const fitting = rows.filter((row) => candidates.filter((p) => crosses(row, p)).length * 2 <= candidates.length);
  return { starts: [0, ...candidates.filter((p) => !fitting.some((row) => crosses(row, p)))], rows: fitting };
}

const cut = (row: string[], start: number, end: number | undefined) => row.slice(start, end).join('').trim();
const hasDigit = (text: string) => [...text].some((char) => char >= '0' && char <= '9');

function rowsOf(header: string, body: string[]): WingetRow[] {
  const headerCells = toCells(header);
  const { starts, rows } = columnStarts(headerCells, body.map(toCells));
  if (starts.length < 3) return [];
  const cellsOf = (row: string[]) => starts.map((start, index) => cut(row, start, starts[index + 1]));
  const table = rows.map(cellsOf);
  // Name, Id, Version, then Available and Source when some row has them. With four columns the
  // fourth is Available when it holds versions, else Source.
  const fourthIsAvailable = starts.length >= 5 || table.some((cells) => hasDigit(cells[3] ?? ''));
  return table.flatMap((cells) => {
    const [name = '', rawId = '', version = ''] = cells;
    if (rawId === '') return [];
    const available = fourthIsAvailable ? cells[3] || null : null;
    const source = (fourthIsAvailable ? cells[4] : cells[3]) || null;
    const idTruncated = rawId.endsWith(ELLIPSIS);
    return [{ name, id: idTruncated ? rawId.slice(0, -1) : rawId, idTruncated, version, available, source }];
  });
}

/** Every table in winget's output (spinners, progress and footers around them are skipped). */
export function parseWingetTable(output: string): WingetRow[] {
  const lines = cleanLines(output);
  const found: WingetRow[] = [];
  for (let d = 1; d < lines.length; d++) {
    if (!isDashLine(lines[d]!)) continue;
    const header = lines[d - 1]!;
    const body: string[] = [];
    for (let i = d + 1; i < lines.length; i++) {
      const line = lines[i]!;
      // A blank line, a footer sentence ("6 upgrades available.") or the next table's header ends it.
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.endsWith('.') || trimmed.endsWith(':') || isDashLine(lines[i + 1] ?? '')) break;
      body.push(line);
    }
    found.push(...rowsOf(header, body));
  }
  return found;
}

/** The row for this id: exact (winget ids ignore case), or the one cut row whose start it matches. */
export function findWingetRow(rows: readonly WingetRow[], id: string): WingetRow | null {
  const wanted = id.toLowerCase();
  const exact = rows.find((row) => !row.idTruncated && row.id.toLowerCase() === wanted);
  if (exact) return exact;
  const prefixed = rows.filter((row) => row.idTruncated && wanted.startsWith(row.id.toLowerCase()));
  return prefixed.length === 1 ? prefixed[0]! : null;
}
