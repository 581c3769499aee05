// Removes the Authenticode signature from a PE file (what `signtool remove /s` does): node.exe is
// signed by the Node.js project, and injecting the agent leaves that signature pointing at the
// wrong bytes, which Windows reports as a corrupted signature rather than an unsigned program.

const PE32_PLUS = 0x20b;
/** IMAGE_DIRECTORY_ENTRY_SECURITY: its "address" is a file offset, and the table ends the file. */
const SECURITY_DIRECTORY = 4;

/** The unsigned bytes, or null when the file carries no signature. */
export function unsignPe(bytes) {
  const peOffset = bytes.readUInt32LE(0x3c);
  const optionalHeader = peOffset + 24;
  if (bytes.readUInt16LE(optionalHeader) !== PE32_PLUS) throw new Error('Not a 64-bit PE file');
  const entry = optionalHeader + 112 + SECURITY_DIRECTORY * 8;
  const offset = bytes.readUInt32LE(entry);
  const size = bytes.readUInt32LE(entry + 4);
  if (offset === 0 || size === 0) return null;
  if (offset + size !== bytes.length) throw new Error('The signature is not at the end of the file: not removing it');
  const unsigned = Buffer.from(bytes.subarray(0, offset));
  unsigned.writeUInt32LE(0, entry);
  unsigned.writeUInt32LE(0, entry + 4);
  return unsigned;
}
