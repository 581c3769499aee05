/**
 * A list of Flatpak apps: one application id a line, what `flatpak list --app
 * --columns=application` prints and `xargs flatpak install -y flathub < file` reads. Blank lines
 * and `#` comments are skipped. A line of several columns (`flatpak list` with more of them:
 * name, application, version…) gives its first column that holds a dot, as an application id
 * always does.
 */
export function readFlatpakList(content: string): Array<{ id: string; line: number }> {
  const entries: Array<{ id: string; line: number }> = [];
  for (const [index, raw] of content
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .entries()) {
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    const columns = text.split(/\s+/);
    entries.push({ id: columns.find((column) => column.includes('.')) ?? columns[0] ?? text, line: index + 1 });
  }
  return entries;
}

/** The ids, one a line: the file needs nothing else to be read back or installed. */
export function formatFlatpakList(ids: readonly string[]): string {
  return ids.length === 0 ? '' : `${ids.join('\n')}\n`;
}
