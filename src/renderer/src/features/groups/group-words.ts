import type { DriftCounts, GroupRule, GroupRulePlatform, MemberSource } from '@shared/api/device-groups';
import { platformDisplayName } from '@shared/format';

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The platforms a rule may name, as the select offers them. */
export const RULE_PLATFORM_OPTIONS: ReadonlyArray<{ value: GroupRulePlatform; label: string }> = [
  { value: 'windows', label: 'Windows' },
  { value: 'macos', label: 'macOS' },
  { value: 'linux', label: 'Linux' },
];

type RuleShape = { [K in keyof GroupRule]: GroupRule[K] | null };

/** "Linux machines named office-* tagged lab"; null for a group without a rule. */
export function ruleWords(rule: RuleShape | null): string | null {
  if (!rule || (rule.platform === null && rule.namePattern === null && rule.tag === null)) return null;
  const machines = rule.platform ? `${platformDisplayName(rule.platform)} machines` : 'Machines';
  const named = rule.namePattern ? ` named ${rule.namePattern}` : '';
  const tagged = rule.tag ? ` tagged ${rule.tag}` : '';
  return `${machines}${named}${tagged}`;
}

/** How a machine came into the group. */
export const MEMBER_SOURCE_WORDS: Readonly<Record<MemberSource, string>> = {
  hand: 'Added by hand',
  rule: 'Matches the rule',
  token: 'Enrolled with the group’s token',
};

/** "3 of 12 machines drifted", "All in line", or that there is no machine to be in line. */
export function driftSummary(counts: Pick<DriftCounts, 'machines'>, memberCount: number): string {
  if (memberCount === 0) return 'No machines yet';
  if (counts.machines === 0) return 'All in line';
  return `${counts.machines} of ${plural(memberCount, 'machine')} drifted`;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}
