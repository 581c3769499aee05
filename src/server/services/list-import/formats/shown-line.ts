/** A line of a file as shown back to the person: trimmed, and shortened with an ellipsis past `max` characters. */
export function shownLine(text: string, max = 120): string {
  const trimmed = text.trim();
  return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
}
