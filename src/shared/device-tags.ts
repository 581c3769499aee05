/**
 * Tags a machine's agent reports (`loadout-agent run --tag office`), which a device group's rule
 * may name. Plain data, no zod: the agent's command line checks them with these too.
 */
export const DEVICE_TAG_MAX = 40;
/** Tags one machine may report; more are refused by the agent and by the server. */
export const DEVICE_TAGS_MAX = 20;
/** One character class and one quantifier: linear on any input. */
export const DEVICE_TAG_PATTERN = /^[a-z0-9][a-z0-9._-]*$/;
export const DEVICE_TAG_MESSAGE = 'A tag is lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit';

export const isValidDeviceTag = (tag: string): boolean => tag.length <= DEVICE_TAG_MAX && DEVICE_TAG_PATTERN.test(tag);
