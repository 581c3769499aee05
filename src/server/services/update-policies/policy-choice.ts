import type { PolicyTarget } from '@shared/api/update-policies';

/** What choosing reads of a policy: what it applies to and whether it updates at all. */
export interface PolicyShape {
  id: string;
  device_row_id: string | null;
  group_id: string | null;
  list_id: string | null;
}

export function targetOf(policy: PolicyShape): PolicyTarget {
  if (policy.device_row_id !== null) return 'device';
  if (policy.group_id !== null) return 'group';
  if (policy.list_id !== null) return 'list';
  return 'account';
}

/** The policies that decide for one machine. */
export interface PolicyChoice<P extends PolicyShape> {
  /** The machine's own, else its oldest group policy, else the account's; null when none. */
  machine: P | null;
  source: 'device' | 'group' | 'account' | null;
  /** List policies, oldest first; they decide for their lists' apps only when `source` is the account or none. */
  lists: P[];
}

/**
 * Which policies decide for a machine: the most specific wins. A machine's own policy, then its
 * groups' (the oldest policy when several of its groups have one), then list policies for their
 * apps, then the account's. An "off" policy decides too: that is how a machine or group is kept
 * out of the account's updates. `policies` must be oldest first.
 */
export function choosePolicies<P extends PolicyShape>(
  policies: readonly P[],
  deviceRowId: string,
  groupIds: ReadonlySet<string>,
): PolicyChoice<P> {
  const own = policies.find((policy) => policy.device_row_id === deviceRowId);
  if (own) return { machine: own, source: 'device', lists: [] };
  const group = policies.find((policy) => policy.group_id !== null && groupIds.has(policy.group_id));
  if (group) return { machine: group, source: 'group', lists: [] };
  const account = policies.find((policy) => targetOf(policy) === 'account') ?? null;
  return { machine: account, source: account ? 'account' : null, lists: policies.filter((policy) => policy.list_id !== null) };
}

/** The policy that decides for one app on the machine: its first list policy whose list has it, else the machine's. */
export function policyOfApp<P extends PolicyShape>(
  choice: PolicyChoice<P>,
  appId: number,
  appsOfList: ReadonlyMap<string, ReadonlySet<number>>,
): P | null {
  for (const policy of choice.lists) if (policy.list_id !== null && appsOfList.get(policy.list_id)?.has(appId)) return policy;
  return choice.machine;
}
