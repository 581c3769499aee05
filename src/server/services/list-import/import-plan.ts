import { isValidPackageField, type App, type PackageIdField } from '@shared/api/catalogue';
import type { ImportNote, ImportNoteReason } from '@shared/api/list-import';
import type { ListFormat } from '@shared/api/lists';

import type { CatalogueIndex } from './catalogue-index';
import { readBrewfile, type BrewKind } from './formats/brewfile';
import { readFlatpakList } from './formats/flatpak';
import { readTextList } from './formats/text';
import { readWinget } from './formats/winget';
import { readWingetConfigure } from './formats/winget-configure';
import { isWingetRuntime } from './package-aliases';

/** A package the catalogue lacks, to keep as the person's own app: its manager's field and id. */
export interface OwnPackage {
  field: PackageIdField;
  id: string;
}

/** What an import puts in a list, in file order: a catalogue app, or a package kept as an own app. */
export type ImportPick = { line: number | null; written: string } & ({ app: App } | { own: OwnPackage });

export interface ImportPlan {
  picks: ImportPick[];
  /** Everything shown back, in file order. */
  notes: ImportNote[];
}

/** One entry of a file to look up, or to show back for `reason` without looking it up. */
interface FileEntry {
  line: number | null;
  written: string;
  reason?: ImportNoteReason;
  find?: (index: CatalogueIndex) => App | undefined;
  /** The package to keep as an own app when the catalogue lacks it (winget and Brewfile). */
  own?: OwnPackage;
}

const BREW_FIELDS: Readonly<Record<BrewKind, PackageIdField>> = {
  brew: 'homebrew_formula',
  cask: 'homebrew_cask',
  flatpak: 'flatpak_id',
};

/** A package of a winget file (an export or a configuration): left out when it is a Store app or a runtime. */
function wingetEntry(id: string, line: number | null, fromStore: boolean): FileEntry {
  if (fromStore) return { line, written: id, reason: 'storeSource' };
  if (isWingetRuntime(id)) return { line, written: id, reason: 'runtime' };
  return { line, written: id, find: (index) => index.by('winget_id', id), own: { field: 'winget_id', id } };
}

function fileEntries(format: ListFormat, content: string): { entries: FileEntry[]; notes: ImportNote[] } {
  switch (format) {
    case 'winget':
      return { entries: readWinget(content).map(({ id, fromStore }) => wingetEntry(id, null, fromStore)), notes: [] };
    case 'winget-configure': {
      const read = readWingetConfigure(content);
      return { entries: read.packages.map(({ id, line, fromStore }) => wingetEntry(id, line, fromStore)), notes: read.notes };
    }
    case 'flatpak':
      return {
        entries: readFlatpakList(content).map(({ id, line }) => ({
          line,
          written: id,
          find: (index) => index.by('flatpak_id', id),
          own: { field: 'flatpak_id', id },
        })),
        notes: [],
      };
    case 'brewfile': {
      const read = readBrewfile(content);
      return {
        entries: read.entries.map(({ kind, name, line }) => ({
          line,
          written: name,
          // Apps move between formula and cask over time; try the kind written first.
          find: (index) =>
            kind === 'flatpak'
              ? index.by('flatpak_id', name)
              : kind === 'cask'
                ? (index.by('homebrew_cask', name) ?? index.formula(name))
                : (index.formula(name) ?? index.by('homebrew_cask', name)),
          own: { field: BREW_FIELDS[kind], id: name },
        })),
        notes: read.notes,
      };
    }
    case 'text':
      return {
        entries: readTextList(content).map(({ text, line }) => ({
          line,
          written: text,
          find: (index) => index.named(text) ?? index.anyId(text),
        })),
        notes: [],
      };
  }
}

/** Why a package the catalogue lacks cannot be kept as an own app either. */
function unkeptReason(entry: FileEntry): ImportNoteReason {
  if (!entry.own) return 'notFound';
  // `user/tap/name`: Homebrew's own repositories have no such formula or cask.
  if (entry.own.field !== 'flatpak_id' && entry.own.id.includes('/')) return 'tappedPackage';
  return 'invalidId';
}

/**
 * What a file puts in a list and what it shows back: each entry becomes the catalogue app it
 * names (by id, an alias of the id, or for plain lists its name), else a package kept as the
 * person's own app, else a note saying why not. An app named twice is added once.
 */
export function planImport(format: ListFormat, content: string, index: CatalogueIndex): ImportPlan {
  const { entries, notes } = fileEntries(format, content);
  const picks: ImportPick[] = [];
  const seenApps = new Set<number>();
  const seenOwn = new Set<string>();
  const planNotes: ImportNote[] = [];
  for (const entry of entries) {
    const { line, written } = entry;
    if (entry.reason) {
      planNotes.push({ line, written, reason: entry.reason });
      continue;
    }
    const app = entry.find?.(index);
    if (app) {
      if (!seenApps.has(app.app_id)) picks.push({ line, written, app });
      seenApps.add(app.app_id);
    } else if (entry.own && isValidPackageField(entry.own.field, entry.own.id)) {
      const key = `${entry.own.field} ${entry.own.id.toLowerCase()}`;
      if (!seenOwn.has(key)) picks.push({ line, written, own: entry.own });
      seenOwn.add(key);
    } else {
      planNotes.push({ line, written, reason: unkeptReason(entry) });
    }
  }
  return { picks, notes: inFileOrder([...notes, ...planNotes]) };
}

/** Notes by line number; a format without lines keeps the order the entries came in. */
function inFileOrder(notes: ImportNote[]): ImportNote[] {
  return notes
    .map((note, order) => ({ note, order }))
    .sort((a, b) => (a.note.line ?? 0) - (b.note.line ?? 0) || a.order - b.order)
    .map(({ note }) => note);
}
