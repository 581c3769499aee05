import { z } from 'zod';

/** A SHA-256 as `sha256sum` prints it: 64 lower-case hex digits. */
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** The header of every client download that carries the SHA-256 of its bytes (hex, as sha256sum prints it). */
export const CHECKSUM_HEADER = 'x-checksum-sha256';

/** One build of the agent this server serves. */
export const agentBuildSchema = z.object({
  platform: z.enum(['any', 'linux', 'macos', 'windows']),
  arch: z.enum(['any', 'x64', 'arm64']),
  format: z.enum(['mjs', 'exe', 'deb', 'msi', 'tar.gz']),
  /** Where to download it (absolute, on PUBLIC_URL). */
  url: z.string(),
  sha256: sha256HexSchema,
  size: z.number().int().nonnegative(),
  /** The release key's signature; null while builds are not signed. */
  signature: z.string().nullable(),
});
export type AgentBuild = z.infer<typeof agentBuildSchema>;

/** GET /api/client/agent/releases */
export const agentReleasesResponseSchema = z.object({
  version: z.string(),
  /** The release key an agent pins at enrolment; null while builds are not signed. */
  publicKey: z.string().nullable(),
  builds: z.array(agentBuildSchema),
});
export type AgentReleasesResponse = z.infer<typeof agentReleasesResponseSchema>;
