/**
 * Turning what a package manager printed into lines a person (or a parser) can read. Snap,
 * apt and winget draw progress with \r frames, ANSI escapes and spinners even through a pipe.
 * Hand-written scanners rather than regular expressions: linear on any input by construction.
 */

const ESC = 0x1b;
const BEL = 0x07;

/** Removes ANSI escape sequences (CSI, OSC, two-byte) and control characters other than \t, \n, \r. */
export function stripAnsi(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === ESC) {
      const next = text[i + 1];
      if (next === '[') {
        // CSI: parameters and intermediates, then one final byte in @..~. A sequence cut short by
        // a line end or frame (snap prints "\x1b[?25\r") ends there.
        i += 2;
        while (i < text.length) {
          const c = text.charCodeAt(i);
          if (c === 0x0a || c === 0x0d) break;
          i++;
          if (c >= 0x40 && c <= 0x7e) break;
        }
      } else if (next === ']') {
        // OSC: up to BEL or ESC \ (window titles, hyperlinks).
        i += 2;
        while (i < text.length) {
          const c = text.charCodeAt(i);
          if (c === 0x0a) break;
          i++;
          if (c === BEL) break;
          if (c === ESC && text[i] === '\\') {
            i++;
            break;
          }
        }
      } else {
        i += next === undefined ? 1 : 2;
      }
      continue;
    }
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      i++;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}

/** A line redrawn with \r shows its last frame; "done.\r\n" keeps "done.". */
export function lastFrame(line: string): string {
  const frames = line.split('\r');
  for (let i = frames.length - 1; i >= 0; i--) {
    if (frames[i]!.trim() !== '') return frames[i]!;
  }
  return '';
}

const BAR_CHARS = new Set(['█', '▒', '▓', '░']);
const SPINNER_CHARS = new Set(['-', '\\', '|', '/']);

/** winget's spinner ("  -\|/ ") and progress bars ("  ██████▒▒▒  5.00 MB / 75.2 MB"), brew's "#####  100.0%". */
export function isProgressNoise(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '') return true;
  if ([...trimmed].every((char) => SPINNER_CHARS.has(char))) return true;
  const first = [...trimmed][0]!;
  if (BAR_CHARS.has(first)) return true;
  return trimmed.startsWith('##########') && trimmed.endsWith('%');
}

/** Output as lines: escapes removed, each line at its last frame. */
export function cleanLines(text: string): string[] {
  return stripAnsi(text)
    .split('\n')
    .map((line) => lastFrame(line).trimEnd());
}

const LOG_LINES = 40;
const LOG_LINE_CHARS = 500;

/** The last lines worth showing a person: no escapes, frames, spinners, bars or blank lines. */
export function logTail(text: string, maxLines = LOG_LINES): string {
  const lines = cleanLines(text).filter((line) => !isProgressNoise(line));
  return lines
    .slice(-maxLines)
    .map((line) => (line.length > LOG_LINE_CHARS ? `${line.slice(0, LOG_LINE_CHARS)}…` : line))
    .join('\n');
}

/** The first cleaned line that contains `needle` (case-sensitive), or null. */
export function findLine(lines: readonly string[], needle: string): string | null {
  return lines.find((line) => line.includes(needle)) ?? null;
}

/** Text between the first occurrence of `open` at or after `from` and the next `close`. */
export function between(text: string, open: string, close: string, from = 0): string | null {
  const start = text.indexOf(open, from);
  if (start < 0) return null;
  const end = text.indexOf(close, start + open.length);
  if (end < 0) return null;
  return text.slice(start + open.length, end);
}

/** Splits on runs of spaces and tabs: table cells that never contain spaces (snap, apt). */
export function words(line: string): string[] {
  return line.split(/[ \t]+/).filter((word) => word !== '');
}
