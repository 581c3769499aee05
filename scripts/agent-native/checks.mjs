// What a built program must look like, read from its bytes: the right executable format and
// machine, postject's fuse flipped, and the agent's blob where that format's Node looks for it.
// Run after every build and by the tests; none of it needs the target's operating system.
import { readFileSync } from 'node:fs';

const FUSE_FLIPPED = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1';
const ELF_MACHINES = { x64: 0x3e, arm64: 0xb7 };
const MACHO_CPU_X86_64 = 0x01000007;
const LC_SEGMENT_64 = 0x19;
const LC_CODE_SIGNATURE = 0x1d;
const PE_MACHINE_AMD64 = 0x8664;

/** Mach-O 64-bit load commands: segment names, and whether a code signature is there. */
function machoLoadCommands(bytes) {
  const count = bytes.readUInt32LE(16);
  const segments = [];
  let signed = false;
  for (let index = 0, offset = 32; index < count; index += 1) {
    const command = bytes.readUInt32LE(offset);
    if (command === LC_SEGMENT_64) segments.push(bytes.toString('latin1', offset + 8, offset + 24).replace(/\0+$/, ''));
    if (command === LC_CODE_SIGNATURE) signed = true;
    offset += bytes.readUInt32LE(offset + 4);
  }
  return { segments, signed };
}

/** postject's ELF note: namesz 14, descsz, type 0, then the name (stock Node has the name only as a string). */
function hasElfSeaNote(bytes) {
  for (let at = bytes.indexOf('NODE_SEA_BLOB\0'); at >= 12; at = bytes.indexOf('NODE_SEA_BLOB\0', at + 1)) {
    if (bytes.readUInt32LE(at - 12) === 14 && bytes.readUInt32LE(at - 4) === 0) return true;
  }
  return false;
}

/** Problems with a built program, in words; an empty list means it looks right. */
export function checkExecutable(file, target) {
  const bytes = readFileSync(file);
  const problems = [];
  if (!bytes.includes(FUSE_FLIPPED)) problems.push('the SEA fuse is not flipped (nothing was injected)');
  if (target.platform === 'linux') {
    if (bytes.readUInt32BE(0) !== 0x7f454c46) problems.push('not an ELF file');
    else if (bytes.readUInt16LE(18) !== ELF_MACHINES[target.arch]) problems.push(`not an ELF for ${target.arch}`);
    if (!hasElfSeaNote(bytes)) problems.push('no NODE_SEA_BLOB note');
  }
  if (target.platform === 'macos') {
    if (bytes.readUInt32LE(0) !== 0xfeedfacf) return [...problems, 'not a 64-bit Mach-O file'];
    if (bytes.readUInt32LE(4) !== MACHO_CPU_X86_64) problems.push('not a Mach-O for x86_64');
    const { segments, signed } = machoLoadCommands(bytes);
    if (!segments.includes('NODE_SEA')) problems.push('no NODE_SEA segment');
    if (signed) problems.push('still carries a code signature, which the injection broke');
  }
  if (target.platform === 'windows') {
    const peOffset = bytes.toString('latin1', 0, 2) === 'MZ' ? bytes.readUInt32LE(0x3c) : -1;
    if (peOffset < 0 || bytes.toString('latin1', peOffset, peOffset + 4) !== 'PE\0\0') return [...problems, 'not a PE file'];
    if (bytes.readUInt16LE(peOffset + 4) !== PE_MACHINE_AMD64) problems.push('not a PE for x64');
    // Resource names are UTF-16 in the .rsrc section.
    if (!bytes.includes(Buffer.from('NODE_SEA_BLOB', 'utf16le'))) problems.push('no NODE_SEA_BLOB resource');
    // The security directory (data directory 4 of a PE32+ optional header) must be empty.
    if (bytes.readUInt32LE(peOffset + 24 + 112 + 4 * 8 + 4) !== 0) problems.push('still carries a signature, which the injection broke');
  }
  return problems;
}
