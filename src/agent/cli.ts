// The headless agent's command line (npm run agent, the built loadout-agent.mjs): the commands
// live in commands.ts so that the desktop client can run them in its own process too.
import { main } from './commands';

void main(process.argv.slice(2)).then((code) => process.exit(code));
