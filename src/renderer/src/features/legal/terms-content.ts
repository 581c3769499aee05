/** The Terms of Use text. Kept as data so the page stays a thin renderer. */
export const TERMS_LAST_UPDATED = '1 July 2026';

export interface TermsSection {
  title: string;
  paragraphs: readonly string[];
}

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    title: '1. About these terms',
    paragraphs: [
      'These Terms of Use govern your use of Loadout: the website, the web app, the desktop client, the headless agent and the API (together, "the service"). By creating an account or using the service you agree to them. If you do not agree, do not use the service.',
      'If you use Loadout on behalf of an organisation, you confirm that you may accept these terms for it, and "you" includes that organisation.',
    ],
  },
  {
    title: '2. Your account',
    paragraphs: [
      'You must give accurate information when you sign up, including your legal name and date of birth, and keep your e-mail address current. You must be old enough to form a binding contract where you live, and at least 16 years old.',
      'Keep your password, registration tokens and device credentials secret. You are responsible for what happens under your account. Tell us promptly at support@loadout.app if you think someone else has access to it, and deactivate any device you no longer control.',
    ],
  },
  {
    title: '3. What Loadout does',
    paragraphs: [
      'Loadout lets you keep named lists of apps and ask your own machines, through the Loadout desktop client or agent, to install those apps using the package managers present on them (for example winget, Homebrew, apt, Flatpak or Snap). Loadout sends the instruction and reports the result; the package manager does the installing.',
      'Loadout does not make, sell, host or license the apps in its catalogue. Catalogue entries point to software published by third parties, and their names and trademarks belong to their owners.',
    ],
  },
  {
    title: '4. Third-party software is your responsibility',
    paragraphs: [
      'You decide what to install and on which machines. Before you install an app, check that you are allowed to: that you hold any licence it needs, that its licence terms suit your use, and that the owner of the machine agrees.',
      'The licence for each app is an agreement between you and that app’s vendor or publisher, not Loadout. Package managers may accept vendor agreements on your behalf when Loadout runs them silently; by starting an installation you accept those agreements.',
      'Only register machines that you own or are authorised to manage. Loadout is not responsible for the behaviour, security, availability or updates of third-party software, or for changes package managers or their sources make.',
    ],
  },
  {
    title: '5. Acceptable use',
    paragraphs: [
      'Do not use Loadout to install software on machines without permission, to distribute malware, to break the law or anyone’s rights, or to get around licensing or copy protection.',
      'Do not probe, overload or disrupt the service, try to reach other users’ data, share your account to avoid plan limits, or use automated means beyond the documented API and its rate limits.',
    ],
  },
  {
    title: '6. Plans, subscriptions and billing',
    paragraphs: [
      'The Free plan costs nothing. Paid plans (Premium, billed monthly, and Annual Premium, billed yearly) are charged in advance for each billing period at the price shown on the pricing page when you buy, plus any taxes that apply.',
      'A paid plan runs for the month or year you paid for and then returns to the Free plan unless you pay again; it does not renew by itself. A downgrade takes effect at the end of the period you have paid for, and you keep paid features until then. Except where the law says otherwise, payments are not refunded for partly used periods.',
      'Each plan sets limits, such as the number of lists, apps per list and devices. When a plan ends or changes, nothing is deleted: anything above the new limits becomes read-only until you bring it within them. We will give you at least 30 days’ notice before a price change applies to you.',
    ],
  },
  {
    title: '7. Your data',
    paragraphs: [
      'Your lists, device details and installation results are yours. We use them only to run the service for you, and we do not sell them. We send product news and offers only if you asked for them, and you can opt out at any time.',
    ],
  },
  {
    title: '8. Suspension and termination',
    paragraphs: [
      'You may stop using Loadout and delete your account at any time from Account Settings; deletion removes your account data, lists and device registrations.',
      'We may suspend or close an account that breaks these terms, puts other users or the service at risk, or is required to be closed by law. Where reasonable we will tell you first and give you a chance to fix the problem.',
    ],
  },
  {
    title: '9. Disclaimers',
    paragraphs: [
      'The service is provided "as is" and "as available". Installing software changes your machines; we do our best to report results accurately, but we do not promise that every installation will succeed, that the service will be uninterrupted or error-free, or that catalogue information is complete or current. Keep backups of anything important.',
    ],
  },
  {
    title: '10. Limitation of liability',
    paragraphs: [
      'To the extent the law allows, Loadout is not liable for indirect or consequential losses, lost data or lost profits, or for harm caused by third-party software installed through the service. Our total liability for any claim is limited to the amount you paid us in the 12 months before the claim, or 50 US dollars if that is more.',
      'Nothing in these terms limits liability that cannot be limited by law, or your rights as a consumer.',
    ],
  },
  {
    title: '11. Changes to these terms',
    paragraphs: [
      'We may update these terms as Loadout changes. We will post the new version here with a new date, and tell you by e-mail or in the app at least 30 days before a change that reduces your rights takes effect. Continuing to use the service afterwards means you accept the new terms.',
    ],
  },
  {
    title: '12. Contact',
    paragraphs: ['Questions about these terms: support@loadout.app, or use the Feedback button in the app.'],
  },
];
