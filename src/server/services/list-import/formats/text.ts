/** One app per line (a name or a package id), with its 1-based line number; blank lines and `#` comments are skipped. */
export function readTextList(content: string): Array<{ text: string; line: number }> {
  return content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ text: line.trim(), line: index + 1 }))
    .filter(({ text }) => text !== '' && !text.startsWith('#'));
}

export function formatTextList(names: readonly string[]): string {
  return names.length === 0 ? '' : `${names.map((name) => name.replace(/[\r\n]+/g, ' ')).join('\n')}\n`;
}
