/** Longer than this, a name may wrap (between words, as the browser chooses): one line would crowd out its row. */
const ONE_LINE_MAX = 40;

/**
 * A name kept on one line: a table squeezed for room otherwise breaks "7-Zip" after its hyphen.
 * One text node, so the name reads (and is found) as it is written.
 */
export function UnbrokenWords({ text }: { text: string }) {
  return <span style={text.length <= ONE_LINE_MAX ? { whiteSpace: 'nowrap' } : undefined}>{text}</span>;
}
