import { stat } from 'node:fs/promises';
import { join } from 'node:path';

import type { AgentBuild, AgentReleasesResponse, NativeArch, NativeFormat, NativePlatform } from '@shared/api/client';
import { ErrorCode } from '@shared/api/errors';

import type { AppContext } from '../context';
import { notFound } from '../errors';
import { readNativeBuildStatus } from './agent-native-build-status';
import { readNativeManifest, type NativeManifest, type NativeManifestBuild } from './agent-native-manifest';
import { ClientDownloads, type OpenDownload } from './client-downloads';
import { ReleaseSigning } from './release-signing';

/**
 * The desktop installers' file names, as electron-builder.yml names the artifacts in
 * RELEASES_DIR: one Windows installer for x64 and arm64, one universal macOS image, one x64 AppImage.
 */
const DESKTOP_BUILDS = {
  windows: {
    filename: 'Loadout Desktop Setup.exe',
    contentType: 'application/vnd.microsoft.portable-executable',
    arches: ['x64', 'arm64'],
  },
  macos: { filename: 'Loadout Desktop.dmg', contentType: 'application/x-apple-diskimage', arches: ['x64', 'arm64'] },
  linux: { filename: 'Loadout Desktop.AppImage', contentType: 'application/octet-stream', arches: ['x64'] },
} as const;
const PLATFORM_NAMES = { windows: 'Windows', macos: 'macOS', linux: 'Linux' } as const;

const NATIVE_CONTENT_TYPES: Record<NativeFormat, string> = {
  exe: 'application/octet-stream',
  deb: 'application/vnd.debian.binary-package',
  msi: 'application/x-msi',
  'tar.gz': 'application/gzip',
};
const PACKAGE_NAMES: Record<NativeFormat, string> = { exe: '', deb: ' .deb package', msi: ' .msi installer', 'tar.gz': ' .tar.gz archive' };

/** A build ready to send: its open file, the name it is saved as, and the signature of its statement. */
export interface SignedDownload {
  file: OpenDownload;
  filename: string;
  contentType: string;
  signature: string;
}

/**
 * The client builds this server serves: the agent script, the native agent builds listed in
 * AGENT_NATIVE_DIR's manifest.json and the desktop installers, each hashed once per file version
 * and, for the agent, signed with the server's release key.
 */
export class ClientReleaseService {
  private readonly downloads = new ClientDownloads();
  readonly signing: ReleaseSigning;
  /** The manifest problem last logged: a server without native builds says so once, not per request. */
  private loggedProblem: string | null = null;

  constructor(private readonly ctx: AppContext) {
    this.signing = new ReleaseSigning(ctx.config.releaseSigningKey);
  }

  async releases(): Promise<AgentReleasesResponse> {
    const manifest = await this.manifest();
    const version = this.versionOf(manifest);
    const builds: AgentBuild[] = [];
    const script = await this.downloads.open(this.ctx.config.agentFile);
    if (script) {
      await script.close();
      const fields = { platform: 'any', arch: 'any', format: 'mjs', version, sha256: script.sha256 } as const;
      builds.push({
        ...fields,
        url: `${this.ctx.config.publicUrl}/api/client/agent`,
        size: script.size,
        signature: this.signing.sign(fields),
      });
    }
    for (const build of manifest?.builds ?? []) {
      if (builds.some((b) => b.platform === build.platform && b.arch === build.arch && b.format === build.format)) continue;
      const file = await this.downloads.open(join(this.ctx.config.agentNativeDir, build.file));
      if (!file) continue;
      await file.close();
      const fields = { platform: build.platform, arch: build.arch, format: build.format, version, sha256: file.sha256 };
      builds.push({ ...fields, url: this.nativeUrl(build), size: file.size, signature: this.signing.sign(fields) });
    }
    const nativeBuild = await readNativeBuildStatus(this.ctx.config.agentNativeDir);
    return {
      version,
      publicKey: this.signing.publicKey,
      builds,
      desktop: await this.desktopAvailability(),
      ...(nativeBuild ? { nativeBuild } : {}),
    };
  }

  /** The agent script, with the signature its listing shows; null when it has not been built. */
  async openScript(): Promise<{ file: OpenDownload; signature: string } | null> {
    const file = await this.downloads.open(this.ctx.config.agentFile);
    if (!file) return null;
    const version = this.versionOf(await this.manifest());
    return { file, signature: this.signing.sign({ platform: 'any', arch: 'any', format: 'mjs', version, sha256: file.sha256 }) };
  }

  /** A desktop installer; arch auto takes the one file that serves every processor it is built for. */
  async openDesktop(
    platform: NativePlatform,
    arch: NativeArch | 'auto',
  ): Promise<{ file: OpenDownload; filename: string; contentType: string }> {
    const build = DESKTOP_BUILDS[platform];
    if (arch !== 'auto' && !(build.arches as readonly string[]).includes(arch)) {
      throw notFound(`The desktop client is not built for ${PLATFORM_NAMES[platform]} on ${arch}`, ErrorCode.CLIENT_BUILD_NOT_FOUND);
    }
    const file = await this.downloads.open(join(this.ctx.config.releasesDir, build.filename));
    if (!file) {
      throw notFound(
        `The desktop client for ${PLATFORM_NAMES[platform]} is not available on this server yet`,
        ErrorCode.CLIENT_BUILD_NOT_FOUND,
      );
    }
    return { file, filename: build.filename, contentType: build.contentType };
  }

  /** One native build; 404 naming what is missing when the manifest or the file lacks it. */
  async openNative(platform: NativePlatform, arch: NativeArch, format: NativeFormat): Promise<SignedDownload> {
    const manifest = await this.manifest();
    const build = manifest?.builds.find((b) => b.platform === platform && b.arch === arch && b.format === format);
    const file = build ? await this.downloads.open(join(this.ctx.config.agentNativeDir, build.file)) : null;
    if (!build || !file) {
      throw notFound(
        `No ${PLATFORM_NAMES[platform]} ${arch} agent${PACKAGE_NAMES[format]} has been built on this server`,
        ErrorCode.CLIENT_BUILD_NOT_FOUND,
      );
    }
    const signature = this.signing.sign({ platform, arch, format, version: this.versionOf(manifest), sha256: file.sha256 });
    return { file, filename: build.file, contentType: NATIVE_CONTENT_TYPES[format], signature };
  }

  /** The manifest's version; without one the server's, which the agent script is built with. */
  private versionOf(manifest: NativeManifest | null): string {
    return manifest?.version ?? this.ctx.config.version;
  }

  private nativeUrl(build: NativeManifestBuild): string {
    const query = build.format === 'exe' ? '' : `?format=${encodeURIComponent(build.format)}`;
    return `${this.ctx.config.publicUrl}/api/client/agent/${build.platform}/${build.arch}${query}`;
  }

  private async manifest(): Promise<NativeManifest | null> {
    const read = await readNativeManifest(this.ctx.config.agentNativeDir);
    if (read.manifest) {
      this.loggedProblem = null;
      return read.manifest;
    }
    if (read.problem !== this.loggedProblem) {
      this.loggedProblem = read.problem;
      const line = `No native agent builds are served: ${read.problem}`;
      if (read.absent) this.ctx.log.info(line);
      else this.ctx.log.warn(line);
    }
    return null;
  }

  private async desktopAvailability(): Promise<AgentReleasesResponse['desktop']> {
    const exists = (name: string) =>
      stat(join(this.ctx.config.releasesDir, name)).then(
        (info) => info.isFile(),
        () => false,
      );
    const [windows, macos, linux] = await Promise.all([
      exists(DESKTOP_BUILDS.windows.filename),
      exists(DESKTOP_BUILDS.macos.filename),
      exists(DESKTOP_BUILDS.linux.filename),
    ]);
    return { windows, macos, linux };
  }
}
