import { z } from 'zod';

import type { GroupRule } from '@shared/api/device-groups';
import { platformDisplayName } from '@shared/format';

import { readJsonColumn } from '../../db/json-column';
import type { DeviceGroupsTable, DevicesTable } from '../../db/schema';

/** The group's rule, or null when it has none. */
export function ruleOf(group: Pick<DeviceGroupsTable, 'rule_platform' | 'rule_name_pattern' | 'rule_tag'>): GroupRule | null {
  if (group.rule_platform === null && group.rule_name_pattern === null && group.rule_tag === null) return null;
  return { platform: group.rule_platform, namePattern: group.rule_name_pattern, tag: group.rule_tag };
}

/** The tags the machine's agent last reported; none before it said any, or when what is stored cannot be read. */
export function tagsOf(device: Pick<DevicesTable, 'tags'>): string[] {
  return device.tags === null ? [] : readJsonColumn(z.array(z.string()), device.tags, [] as string[]);
}

/** A machine matches a rule when it matches every condition the rule names. */
export function matchesRule(rule: GroupRule, device: Pick<DevicesTable, 'platform' | 'device_name' | 'tags'>): boolean {
  if (rule.platform !== null && device.platform !== rule.platform) return false;
  if (rule.namePattern !== null && !nameMatches(rule.namePattern, device.device_name)) return false;
  if (rule.tag !== null && !tagsOf(device).includes(rule.tag)) return false;
  return true;
}

/**
 * `*` stands for any run of characters, everything else for itself, in any case. Matched by
 * its pieces between stars, each found once from where the last ended (the first at the start,
 * the last at the end): never a backtracking search, so a pattern of many stars is as cheap as
 * one. Greedy leftmost placement is enough: if the pieces fit in order at all, they fit there.
 */
export function nameMatches(pattern: string, name: string): boolean {
  const pieces = pattern.toLowerCase().split('*');
  const text = name.toLowerCase();
  if (pieces.length === 1) return text === pieces[0];
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue;
    const found = text.indexOf(piece, at);
    if (found === -1 || found + piece.length > end) return false;
    at = found + piece.length;
  }
  return text.endsWith(last);
}

/** The rule in words, for logs and the device's activity ("Linux machines named office-* tagged lab"). */
export function describeRule(rule: GroupRule): string {
  const platform = rule.platform === null ? '' : `${platformDisplayName(rule.platform)} `;
  const parts = [`${platform}machines`];
  if (rule.namePattern !== null) parts.push(`named ${rule.namePattern}`);
  if (rule.tag !== null) parts.push(`tagged ${rule.tag}`);
  return parts.join(' ');
}
