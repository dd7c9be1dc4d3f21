import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

describe('the installed dependency tree', () => {
  // An invalid tree (a peer range no installed version meets) makes every later `npm install <package>` fail with
  // ERESOLVE unless given --legacy-peer-deps, which then rewrites the lock file in ways nobody reviews.
  it('meets every declared range, peers included, so a dependency can be added with a plain npm install', async () => {
    const { stdout } = await promisify(execFile)('npm', ['ls', '--all', '--json'], { cwd: `${__dirname}/../..`, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout: string }) => error);
    const tree: { problems?: string[] } = JSON.parse(stdout);
    expect(tree.problems ?? []).toEqual([]);
  });
});
