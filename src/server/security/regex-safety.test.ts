import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * ReDoS guard: every regular expression in the code that reads requests, files users upload or
 * command output (src/shared, src/server, src/agent) is checked by recheck and must be 'safe'
 * (linear in the input). The patterns are found by reading the sources, so a new one is
 * checked without being listed here.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SCANNED = ['src/shared', 'src/server', 'src/agent'];

/**
 * `new RegExp(x)` with an x that is not a literal cannot be checked here. Each one is listed
 * with why its pattern is safe (`file:line` → reason); the list is empty and should stay so.
 */
const DYNAMIC_REGEXPS: Record<string, string> = {};

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

function* sourceFiles(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // src/agent does not exist yet
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.[cm]?tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** Regex literals, `new RegExp('…')` / `RegExp('…')`, and string patterns given to match/matchAll/search. */
function patternsIn(file: string): { patterns: Pattern[]; dynamic: string[] } {
  const text = readFileSync(file, 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const patterns: Pattern[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, file)}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literalText = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText();
      const end = literal.lastIndexOf('/');
      patterns.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [first, second] = node.arguments ?? [];
      const source = literalText(first);
      const flags = second === undefined ? '' : literalText(second);
      if (source === null || flags === null) dynamic.push(where(node));
      else patterns.push({ where: where(node), source, flags });
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['match', 'matchAll', 'search'].includes(node.expression.name.text)
    ) {
      const source = literalText(node.arguments[0]);
      if (source !== null) patterns.push({ where: where(node), source, flags: '' });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { patterns, dynamic };
}

function scan(): { patterns: Pattern[]; dynamic: string[] } {
  const found = SCANNED.flatMap((dir) => [...sourceFiles(join(ROOT, dir))]).map(patternsIn);
  return { patterns: found.flatMap((file) => file.patterns), dynamic: found.flatMap((file) => file.dynamic) };
}

/** The `pattern`s of every zod schema in src/shared/api: zod's own (e-mail, ISO dates) and ours. */
async function schemaPatterns(): Promise<Pattern[]> {
  const dir = join(ROOT, 'src/shared/api');
  const patterns: Pattern[] = [];
  const collect = (where: string, node: unknown): void => {
    if (Array.isArray(node)) node.forEach((child) => collect(where, child));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pattern' && typeof value === 'string') patterns.push({ where, source: value, flags: '' });
        else collect(where, value);
      }
    }
  };
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))) {
    const module = (await import(join(dir, name))) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType)) continue;
      collect(`src/shared/api/${name} ${exported}`, z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }));
    }
  }
  return patterns;
}

async function verdicts(patterns: Pattern[]): Promise<string[]> {
  const unsafe: string[] = [];
  const seen = new Set<string>();
  for (const pattern of patterns) {
    const key = `/${pattern.source}/${pattern.flags}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A fixed seed: the fuzz checker (used for patterns with back-references) gives the same verdict every run.
    const result = await check(pattern.source, pattern.flags, { timeout: 10_000, randomSeed: 20261122 });
    if (result.status !== 'safe') {
      const attack =
        result.status === 'vulnerable' ? ` (${result.complexity.type}; attack: ${result.attack.pattern})` : ` (${result.error.kind})`;
      unsafe.push(`${pattern.where} ${key} is ${result.status}${attack}`);
    }
  }
  return unsafe;
}

describe('regular expressions applied to input', () => {
  const { patterns, dynamic } = scan();

  it('finds the patterns in the sources', () => {
    // A sanity floor: if the scan breaks, it must not pass by finding nothing.
    expect(patterns.length).toBeGreaterThan(30);
    expect(patterns.map((pattern) => pattern.where)).toContainEqual(expect.stringMatching(/^src\/server\/plugins\/auth\.ts:\d+$/));
  });

  it('builds no RegExp from a value it cannot check, unless listed with a reason', () => {
    expect(dynamic.filter((where) => !(where in DYNAMIC_REGEXPS))).toEqual([]);
  });

  it('has only patterns recheck finds safe (linear)', async () => {
    expect(await verdicts(patterns)).toEqual([]);
  }, 120_000);

  it('validates requests only with patterns recheck finds safe', async () => {
    const fromSchemas = await schemaPatterns();
    expect(fromSchemas.length).toBeGreaterThan(0);
    expect(await verdicts(fromSchemas)).toEqual([]);
  }, 120_000);
});
