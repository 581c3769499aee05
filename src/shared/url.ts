/** `url` without its trailing slashes, by hand: `/\/+$/` backtracks quadratically on a long run of slashes. */
export function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 0x2f) end -= 1;
  return url.slice(0, end);
}
