export function restoreSqlite(options: {
  from: string;
  databaseUrl: string;
  dataDir?: string;
}): Promise<{ target: string; restored: string[] }>;
