import { installationsOf, ProtocolAgent } from './agent';
import { adminBrowser, enrollMachine, signInAgain, type Browser } from './devices';
import { catalogueOf, listsOf } from './lists';
import type { TestApp } from './test-app';

/**
 * A new owner's list of two apt apps (`<name>-job-0`, `-1`) installed onto their new machine,
 * whose protocol agent, connected at `url`, has received the job (not yet acknowledged). `admin`
 * adds the apps to the catalogue.
 */
export async function twoAppJob(t: TestApp, admin: Browser, url: string, name: string) {
  const owner = await adminBrowser(t);
  const tag = `${name} ${Math.random().toString(36).slice(2, 7)}`;
  const apps = await catalogueOf(t, (await signInAgain(t, admin)).token, 2, tag, (i) => ({
    apt_package: `${name.toLowerCase()}-job-${i}`,
  }));
  const list = (await listsOf(t, owner.token).create(`Two apps ${tag}`)).body;
  for (const app of apps) await listsOf(t, owner.token).add(list.id, app.app_id);
  const machine = await enrollMachine(t, owner);
  const installs = installationsOf(t, owner.token);
  const created = (await installs.create({ listId: list.id, deviceIds: [machine.deviceId] })).body;
  const agent = await ProtocolAgent.connect(url, machine.credential);
  const { job } = await agent.next('job.assign');
  return { owner, machine, installs, created, agent, job };
}
