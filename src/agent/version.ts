/** The agent's version, sent at enrolment and in hello (the package's version when it was built). */
export const AGENT_VERSION = '0.1.0';
