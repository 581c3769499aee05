/** One app per line (a name or a package id); blank lines and `#` comments are skipped. */
export function parseTextList(content: string): string[] {
  return content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export function formatTextList(names: readonly string[]): string {
  return names.length === 0 ? '' : `${names.map((name) => name.replace(/[\r\n]+/g, ' ')).join('\n')}\n`;
}
