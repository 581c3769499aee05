/** Types for the end-to-end tests, which build their apt repository with these same functions. */

export declare const APT_ENV: NodeJS.ProcessEnv;

export interface RepoFolders {
  root: string;
  repo: string;
}

export declare function makeRepoFolders(prefix: string): RepoFolders;

export interface DebSpec {
  name: string;
  version: string;
  depends?: string;
  maintainer: string;
  /** The summary line and one line of detail. */
  description: readonly [string, string];
  /** File name under /usr/share/<name>/ → its text. */
  files: Readonly<Record<string, string>>;
  /** The text of /etc/<name>/settings.conf, a configuration file dpkg keeps after a remove. */
  settings?: string;
}

export declare function buildDeb(workDir: string, outDir: string, spec: DebSpec): string;

export declare function publishRepo(repo: string, sourceFile: string): void;

export declare function removeRepo(folders: RepoFolders, sourceFile: string): void;

export declare class BenchAptRepo {
  constructor(names: readonly string[], options?: { filesPerPackage?: number });
  create(): void;
  installed(): string[];
  purge(): void;
  remove(): void;
}
