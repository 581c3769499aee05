export function testAgentBuild(version: string, options?: { broken?: boolean }): Promise<string>;
