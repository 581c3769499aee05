import { z } from 'zod';

/** A SHA-256 as `sha256sum` prints it: 64 lower-case hex digits. */
export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** The header of every client download that carries the SHA-256 of its bytes (hex, as sha256sum prints it). */
export const CHECKSUM_HEADER = 'x-checksum-sha256';

/** The server's release public key as it is carried: an Ed25519 key's raw 32 bytes in base64 (44 characters). */
export const releasePublicKeySchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'must be an Ed25519 public key (32 bytes, base64)');

/** The header of every agent download that carries the release key's signature of its statement (base64). */
export const SIGNATURE_HEADER = 'x-signature-ed25519';

/** The systems, processors and file kinds of the native agent builds. */
export const nativePlatformSchema = z.enum(['linux', 'macos', 'windows']);
export const nativeArchSchema = z.enum(['x64', 'arm64']);
/** exe: the bare executable (a Node single executable application); the others are installable packages. */
export const nativeFormatSchema = z.enum(['exe', 'deb', 'msi', 'tar.gz']);
export type NativePlatform = z.infer<typeof nativePlatformSchema>;
export type NativeArch = z.infer<typeof nativeArchSchema>;
export type NativeFormat = z.infer<typeof nativeFormatSchema>;

/** GET /api/client/agent/{platform}/{arch}?format= */
export const agentNativeParamsSchema = z.object({ platform: nativePlatformSchema, arch: nativeArchSchema });
export const agentNativeQuerySchema = z.object({ format: nativeFormatSchema.default('exe') });

/** GET /api/client/download-client/{platform}?arch= (the desktop installer) */
export const desktopDownloadParamsSchema = z.object({ platform: nativePlatformSchema });
export const desktopDownloadQuerySchema = z.object({ arch: z.enum([...nativeArchSchema.options, 'auto']).default('auto') });

/** One build of the agent this server serves. */
export const agentBuildSchema = z.object({
  platform: z.enum(['any', ...nativePlatformSchema.options]),
  arch: z.enum(['any', ...nativeArchSchema.options]),
  format: z.enum(['mjs', ...nativeFormatSchema.options]),
  /** Where to download it (absolute, on PUBLIC_URL). */
  url: z.string(),
  sha256: sha256HexSchema,
  size: z.number().int().nonnegative(),
  /**
   * The release key's Ed25519 signature (base64) of the build's statement
   * (`@shared/agent/release-signature`: platform, arch, format, the list's version, sha256).
   */
  signature: z.string(),
});
export type AgentBuild = z.infer<typeof agentBuildSchema>;

/**
 * A native agent build under way on this server (`npm start` begins one for its own platform when
 * it has none, `npm run build:agent-native` any), or the last one, which failed.
 */
export const nativeAgentBuildSchema = z.object({
  state: z.enum(['building', 'failed']),
  builds: z.array(z.object({ platform: nativePlatformSchema, arch: nativeArchSchema })),
  /** `npm start` began it by itself, rather than a person with the command. */
  startedWithServer: z.boolean(),
});
export type NativeAgentBuild = z.infer<typeof nativeAgentBuildSchema>;

/** GET /api/client/agent/releases */
export const agentReleasesResponseSchema = z.object({
  /** The agent version of these builds, as their signatures state it. */
  version: z.string(),
  /** The server's release key; agents pin it at enrolment. */
  publicKey: releasePublicKeySchema,
  builds: z.array(agentBuildSchema),
  /** Which desktop client installers this server has, so the web app offers only those. */
  desktop: z.object({ windows: z.boolean(), macos: z.boolean(), linux: z.boolean() }),
  /** Absent when no native build is under way and the last one did not fail. */
  nativeBuild: nativeAgentBuildSchema.optional(),
});
export type AgentReleasesResponse = z.infer<typeof agentReleasesResponseSchema>;
