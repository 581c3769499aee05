/** A file that is not in the format it claims to be; the message is shown to the user as is. */
export class ListFormatError extends Error {
  override readonly name = 'ListFormatError';
}
