import { PASSWORD_MESSAGES, passwordContainsPersonalInfo } from '@shared/api/common';

import { badRequest } from '../errors';

/** zxcvbn's scores run 0–4; 2 means about 10^6 guesses or more: out of reach of a throttled online attack. */
const MINIMUM_SCORE = 2;
/** Words of this product that make a password easier to guess here than elsewhere. */
const PRODUCT_WORDS = ['loadout'];

interface Person {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

type Checker = (password: string, userInputs: string[]) => { score: number };

/**
 * zxcvbn-ts with its common-password and word lists (tens of thousands of passwords seen in
 * breaches), loaded on the first password set rather than at start-up (about 50 ms).
 */
let checker: Promise<Checker> | null = null;
function loadChecker(): Promise<Checker> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
    return (password, userInputs) => factory.check(password, userInputs);
  });
  return checker;
}

/**
 * NIST SP 800-63B §5.1.1.2 / ASVS 2.1: the length limits are the schema's; here a new password
 * is refused when it contains the person's e-mail or name, or is common or easy to guess.
 * The lengths are bounded (128 characters) before this runs, which keeps zxcvbn's matching,
 * quadratic in the length, cheap. Throws a 400 whose details name `field`.
 */
export async function assertAcceptablePassword(password: string, person: Person, field: string): Promise<void> {
  if (passwordContainsPersonalInfo(password, person)) {
    throw badRequest(PASSWORD_MESSAGES.personal, undefined, { [field]: PASSWORD_MESSAGES.personal });
  }
  const check = await loadChecker();
  const userInputs = [person.email, person.email.split('@')[0] ?? '', person.firstName ?? '', person.lastName ?? '', ...PRODUCT_WORDS];
  if (check(password, userInputs.filter(Boolean)).score < MINIMUM_SCORE) {
    throw badRequest(PASSWORD_MESSAGES.weak, undefined, { [field]: PASSWORD_MESSAGES.weak });
  }
}
