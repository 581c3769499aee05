import type { GenerationChange, GenerationKind, GenerationSummary, RollbackStep } from '../../api/generations';

const KIND_WORDS: Readonly<Record<Exclude<GenerationKind, 'rollback'>, string>> = {
  install: 'Installed',
  upgrade: 'Updated',
  uninstall: 'Removed',
};

/** "Generation 5 · Rolled back to 3", "Generation 4 · Updated". */
export function generationTitle(generation: Pick<GenerationSummary, 'number' | 'kind' | 'rolledBackTo'>): string {
  const what =
    generation.kind === 'rollback'
      ? generation.rolledBackTo === null
        ? 'Rolled back'
        : `Rolled back to ${generation.rolledBackTo}`
      : KIND_WORDS[generation.kind];
  return `Generation ${generation.number} · ${what}`;
}

/**
 * One change in words: "Firefox 128.0 → 129.0", "VLC added (3.0.21)", "GIMP removed (2.10)".
 * `from` null means the app came and `to` null that it went, but a version the agent did not
 * report is null too: the generation's kind decides where it can (an install or update adds
 * or changes, an uninstall removes), the contract's rule only for a rollback, which does both.
 */
export function changeWords(change: GenerationChange, kind: GenerationKind): string {
  const went = kind === 'uninstall' || (kind === 'rollback' && change.to === null && change.from !== null);
  if (went) return change.from === null ? `${change.name} removed` : `${change.name} removed (${change.from})`;
  if (change.from === null) return change.to === null ? `${change.name} added` : `${change.name} added (${change.to})`;
  return `${change.name} ${change.from} → ${change.to ?? 'unknown version'}`;
}

/** A step's versions in words, as its group heads it: "3.0.21", "newest version", "129.0 → 128.0". */
export function stepVersions(step: RollbackStep): string {
  const from = step.from ?? 'unknown version';
  const to = step.to ?? 'unknown version';
  switch (step.action) {
    case 'install':
      return step.exact && step.to !== null ? step.to : 'newest version';
    case 'change':
      return `${from} → ${to}`;
    case 'remove':
      return from;
  }
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
