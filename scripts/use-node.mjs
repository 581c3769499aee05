// For CI, before `npm ci`: prints nothing when the running Node is of the pinned line (24).
// Otherwise, on Linux x64, unpacks the pinned build into .cache/ once (pinned-node.mjs) and prints
// that folder: .ci/run puts its bin/ first on PATH. Elsewhere it says what to install and exits 1.
// Runs on any Node from 18 on: the standard library only.
import { canFetchPinnedNode, installNodeLine, isPinnedLine, pinnedNodeHome, usingPinnedLine } from './pinned-node.mjs';

if (!isPinnedLine()) {
  if (!canFetchPinnedNode()) {
    console.error(installNodeLine());
    process.exit(1);
  }
  const home = pinnedNodeHome();
  console.error(usingPinnedLine(home));
  console.log(home);
}
