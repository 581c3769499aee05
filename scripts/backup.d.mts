export const DATA_FILES: string[];
export const BACKUP_DATABASE_FILE: string;
export function dataDirFor(databaseUrl: string, dataDir?: string): string;
export function stampOf(date: Date): string;
export function backupSqlite(options: {
  databaseUrl: string;
  dataDir?: string;
  toDir?: string;
  now?: Date;
}): Promise<{ folder: string; copied: string[] }>;
export function postgresCommands(databaseUrl: string, dataDir?: string, now?: Date): string[];
